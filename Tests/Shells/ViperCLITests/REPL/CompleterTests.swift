import Testing

@testable import ViperCommandLine

struct CompleterTests {
    private let catalog = SceneCatalog.sample

    private func candidates(_ prefix: String, stack: [String] = ["todo.list#1", "todo.add#1"], running: [Int] = []) -> [String] {
        Completer(catalog: catalog, stack: stack, running: running).candidates(for: prefix)
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

    @Test func postCompletesTheBusEventsTheirFieldsAndNowForAnInstant() {
        #expect(candidates("po") == ["post"])
        #expect(candidates("post ") == ["chat.messageReceived"])
        #expect(candidates("post chat.messageReceived ") == ["text=", "sentAt="])
        #expect(candidates("post chat.messageReceived text=Hi sentAt=") == ["sentAt=now"])
        #expect(candidates("post nobody.listens ") == [])
        #expect(candidates("help chat.") == ["chat.messageReceived"])
    }

    @Test func cancelCompletesTheRequestsRunningInTheBackground() {
        #expect(candidates("cancel ", running: [3, 5]) == ["3", "5"])
        #expect(candidates("cancel ") == [])
        #expect(candidates("canc") == ["cancel", "cancelTapped"])
    }
}
