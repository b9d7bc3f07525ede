import Testing

@testable import ViperCLI

struct CompleterTests {
    private let catalog = SceneCatalog(apps: ["todo"], events: [
        "todo.list": [.init(name: "addTapped", fields: [])],
        "todo.add": [
            .init(name: "titleChanged", fields: [.init(name: "title", type: "string", isNullable: false)]),
            .init(name: "dueDateChanged", fields: [.init(name: "dueDate", type: "day", isNullable: true)]),
            .init(name: "saveTapped", fields: []),
            .init(name: "cancelTapped", fields: []),
        ],
        "alert": [.init(name: "dismissTapped", fields: [])],
    ])

    private func candidates(_ prefix: String, stack: [String] = ["todo.list#1", "todo.add#1"]) -> [String] {
        Completer(catalog: catalog, stack: stack).candidates(for: prefix)
    }

    @Test func theFirstWordIsACommandAnEventOfTheTopSceneOrALiveScene() {
        #expect(candidates("st", stack: []) == ["stack", "start"])
        #expect(candidates("", stack: []).contains("help"))
        #expect(candidates("sa") == ["saveTapped"])
        #expect(candidates("todo.") == ["todo.add#1", "todo.list#1"])
    }

    @Test func startCompletesAppNames() {
        #expect(candidates("start ") == ["todo"])
        #expect(candidates("start t") == ["todo"])
        #expect(candidates("start todo ") == [])
    }

    @Test func aNamedSceneCompletesItsOwnEvents() {
        #expect(candidates("todo.list#1 ") == ["addTapped"])
        #expect(candidates("todo.add#1 ti") == ["titleChanged"])
    }

    @Test func anEventCompletesItsFieldsThenTheirValues() {
        #expect(candidates("titleChanged ") == ["title="])
        #expect(candidates("dueDateChanged dueDate=") == ["dueDate=today", "dueDate=tomorrow", "dueDate=null"])
        #expect(candidates("dueDateChanged dueDate=to") == ["dueDate=today", "dueDate=tomorrow"])
        #expect(candidates("titleChanged title=x ") == [])
        #expect(candidates("todo.add#1 dueDateChanged ") == ["dueDate="])
    }

    @Test func otherCommandsCompleteWhatTheyTake() {
        #expect(candidates("show ") == ["todo.add#1", "todo.list#1"])
        #expect(candidates("record ") == ["stop"])
        #expect(candidates("help dis") == ["dismissTapped"])
        #expect(candidates("quit ") == [])
    }
}
