import Testing
import ViperCore
import ViperJSON

@testable import TodoApp

/// The ToDo app's own rules, which `viper explore` checks at every step.
struct TodoInvariantsTests {
    private func list(_ ids: [String], isEmpty: Bool? = nil) throws -> JSONValue {
        let items = ids.map { TodoListScene.ViewModel.Item(id: $0, title: "Buy milk", dueDate: CalendarDay("2026-11-24")!, dueDay: "Tuesday") }
        return try JSONValueEncoder.encode(
            TodoListScene.ViewModel(isEmpty: isEmpty ?? ids.isEmpty, sections: items.isEmpty ? [] : [.init(kind: "tomorrow", title: "Tomorrow", items: items)]))
    }

    private func rule(_ name: String) throws -> AppInvariant {
        try #require(TodoApp.invariants.first { $0.name == name })
    }

    @Test func eachTodoIsListedOnce() throws {
        let rule = try rule("todo.listed-once")
        #expect(rule.breach(of: try list(["1", "2", "1"])) == "listed more than once: 1")
        #expect(rule.breach(of: try list(["1", "2"])) == nil)
    }

    @Test func anEmptyListSaysSo() throws {
        let rule = try rule("todo.empty-says-so")
        #expect(rule.breach(of: try list([], isEmpty: false)) == "isEmpty is false with 0 ToDos listed")
        #expect(rule.breach(of: try list(["1"], isEmpty: true)) == "isEmpty is true with 1 ToDos listed")
        #expect(rule.breach(of: try list([])) == nil)
    }
}
