import AppTestSupport
import Testing
@testable import ViperCore

@testable import TodoApp
import ViperJSON

/// What `engine.describe` says of the ToDo scenes is what their Presenters render and what
/// their events accept.
struct SceneDescriptionTests {
    /// Why `value` does not have the shape `fields` describe; empty when it does.
    private func problems(_ value: JSONValue, _ fields: [FieldDescriptor], at path: String = "") -> [String] {
        guard case .object(let members) = value else { return ["\(path) is not an object"] }
        var problems = Set(members.keys).symmetricDifference(fields.map(\.name)).map { "\(path).\($0) is not described or not rendered" }
        for field in fields {
            guard let member = members[field.name] else { continue }
            problems += check(member, field.type, nullable: field.isNullable, at: "\(path).\(field.name)")
        }
        return problems
    }

    private func check(_ value: JSONValue, _ type: FieldDescriptor.ValueType, nullable: Bool, at path: String) -> [String] {
        switch (type, value) {
        case (_, .null): return nullable ? [] : ["\(path) is null but not nullable"]
        case (.string, .string), (.bool, .bool), (.integer, .number), (.number, .number): return []
        case (.day, .string(let text)): return CalendarDay(text) == nil ? ["\(path) is not a day"] : []
        case (.array(let element), .array(let elements)): return elements.flatMap { check($0, element, nullable: false, at: "\(path)[]") }
        case (.object(let fields), .object): return problems(value, fields, at: path)
        default: return ["\(path) is \(value.typeDescription), described as \(type)"]
        }
    }

    @Test func theListViewModelHasTheDescribedShape() throws {
        let presenter = TodoListPresenter(
            interactor: StubInteractor(), router: NoRouter(), view: RecordingView<TodoListScene.ViewModel>(), calendar: testCalendar())
        let viewModel = presenter.viewModel(for: [UpcomingItem(item: TodoItem(id: 1, title: "Milk", dueDay: day("2026-11-20")), relation: .tomorrow)])
        #expect(problems(try JSONValueEncoder.encode(viewModel), SceneDescription(TodoListScene.self).viewModel) == [])
    }

    @Test(arguments: [nil, "2026-11-20"])
    func theAddViewModelHasTheDescribedShape(dueDate: String?) throws {
        let viewModel = TodoAddScene.ViewModel(title: "Milk", dueDate: dueDate.map(day), saveEnabled: dueDate != nil, problems: dueDate == nil ? ["Pick a due date"] : [])
        #expect(problems(try JSONValueEncoder.encode(viewModel), SceneDescription(TodoAddScene.self).viewModel) == [])
    }

    @Test func theAlertViewModelHasTheDescribedShape() throws {
        let viewModel = AlertScene.ViewModel(title: "T", message: "M", actions: ["OK"])
        #expect(problems(try JSONValueEncoder.encode(viewModel), SceneDescription(AlertScene.self).viewModel) == [])
    }

    @Test func everyDescribedEventDecodesFromDataOfItsDescribedFields() throws {
        func sample(_ type: FieldDescriptor.ValueType) -> JSONValue {
            switch type {
            case .string: "text"
            case .bool: true
            case .integer, .number: 1
            case .day: "2026-11-20"
            case .instant: "2026-11-20T09:00:00Z"
            case .secret: "correct horse battery"
            case .array(let element): [sample(element)]
            case .object(let fields): .object(Dictionary(uniqueKeysWithValues: fields.map { ($0.name, sample($0.type)) }))
            }
        }
        func decodes<Scene: SceneContract>(_ scene: Scene.Type) -> [String] {
            SceneDescription(scene).events.compactMap { event in
                let data = JSONValue.object(Dictionary(uniqueKeysWithValues: event.fields.map { ($0.name, sample($0.type)) }))
                return (try? JSONValueDecoder.decode(Scene.Event.self, from: .object([event.name: data]))) == nil ? event.name : nil
            }
        }
        #expect(decodes(TodoListScene.self) == [])
        #expect(decodes(TodoAddScene.self) == [])
        #expect(decodes(AlertScene.self) == [])
    }

    @Test func theAppListsEverySceneItsModulesCanShow() {
        #expect(TodoApp.scenes.map { $0.kind } == ["todo.list", "todo.add", "alert"])
    }

    private struct StubInteractor: TodoListInteracting {
        func upcomingItems() async throws -> [UpcomingItem] { [] }
        func whenOthersChangeItems(_ changed: @escaping @Sendable () async -> Void) async {}
    }

    private struct NoRouter: TodoListRouting {
        func presentAddItem(delegate: any AddItemDelegate) async {}
        func presentAlert(_ alert: Alert) async {}
    }
}
