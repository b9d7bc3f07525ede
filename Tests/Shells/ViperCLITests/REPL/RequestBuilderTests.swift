import Foundation
import Testing
import ViperJSON

@testable import ViperCommandLine

@Suite("A command's request is built whole against the session, or its mistake said before anything is sent")
struct RequestBuilderTests {
    private static let utc = TimeZone(identifier: "UTC")!
    private static let now = EngineClient.parse("2026-11-19T09:30:00Z")!

    private let accounts = SceneCatalog(apps: ["accounts"], events: [
        "accounts.login": [.init(name: "passwordChanged", fields: [.init(name: "password", type: "secret", isNullable: false)])],
    ])

    private func builder(_ catalog: SceneCatalog = .sample, stack: [String] = ["todo.list#1", "todo.add#1"], secret: String? = nil) -> RequestBuilder {
        RequestBuilder(catalog: catalog, stack: stack, now: Self.now, timeZone: Self.utc, readSecret: { _ in secret })
    }

    @Test("Each command that sends a request builds the one it stands for")
    func eachCommandBuildsItsRequest() throws {
        let builder = builder()
        #expect(try builder.request(for: .start(app: "todo")) == .startApp("todo"))
        #expect(try builder.request(for: .event(scene: nil, name: "titleChanged", arguments: ["Buy", "milk"]))
            == .event(scene: "todo.add#1", name: "titleChanged", data: ["title": "Buy milk"]))
        #expect(try builder.request(for: .event(scene: nil, name: "dueDateChanged", arguments: ["tomorrow"]))
            == .event(scene: "todo.add#1", name: "dueDateChanged", data: ["dueDate": "2026-11-20"]))
        #expect(try builder.request(for: .event(scene: "todo.list#1", name: "addTapped", arguments: []))
            == .event(scene: "todo.list#1", name: "addTapped", data: nil))
        #expect(try builder.request(for: .back(scene: nil)) == .back(scene: "todo.add#1"))
        #expect(try builder.request(for: .back(scene: "todo.list#1")) == .back(scene: "todo.list#1"))
        #expect(try builder.request(for: .post(name: "chat.messageReceived", arguments: ["text=Hi", "sentAt=now"]))
            == .post(name: "chat.messageReceived", payload: ["text": "Hi", "sentAt": "2026-11-19T09:30:00Z"]))
        #expect(try builder.request(for: .setClock("+1d")) == .setClock(EngineClient.parse("2026-11-20T09:30:00Z")!, in: Self.utc))
        #expect(try builder.request(for: .stack) == .state)
    }

    @Test("clock now is set to the whole second the wire writes, so the REPL's clock is the engine's")
    func clockInWholeSeconds() throws {
        guard case .setClock(let instant, _) = try builder().request(for: .setClock("now")) else {
            Issue.record("clock now built no clock.set")
            return
        }
        #expect(instant.timeIntervalSince1970 == instant.timeIntervalSince1970.rounded(.down))
        #expect(abs(instant.timeIntervalSinceNow) < 60)
    }

    @Test("An event to a scene that is not live goes as typed: the engine says best which scenes are live")
    func aSceneThatIsNotLive() throws {
        #expect(try builder().request(for: .event(scene: "todo.list#9", name: "addTapped", arguments: ["x=1"]))
            == .event(scene: "todo.list#9", name: "addTapped", data: nil))
    }

    @Test("A secret left out is asked for; where nobody can type one, the mistake says how")
    func secrets() throws {
        let typed = builder(accounts, stack: ["accounts.login#1"], secret: "hunter2-hunter2")
        #expect(try typed.request(for: .event(scene: nil, name: "passwordChanged", arguments: []))
            == .event(scene: "accounts.login#1", name: "passwordChanged", data: ["password": "hunter2-hunter2"]))
        #expect(throws: REPLCommandLine.Mistake(description: "passwordChanged needs password=…; at a terminal, type passwordChanged alone and it asks for password without showing it")) {
            try builder(accounts, stack: ["accounts.login#1"]).request(for: .event(scene: nil, name: "passwordChanged", arguments: []))
        }
    }

    @Test("Mistakes say what to type instead")
    func mistakes() {
        let cases: [(command: WireCommand, stack: [String], message: String)] = [
            (.event(scene: nil, name: "strat", arguments: []), [],
             "'strat' is not a command (did you mean start?) and no scene is live to send it to; type help, or start todo."),
            (.back(scene: nil), [], "no scene is live; start an app first: start todo"),
            (.event(scene: nil, name: "addTaped", arguments: []), ["todo.list#1"],
             "'addTaped' is not a command or an event of todo.list#1 (did you mean addTapped?). Its events: addTapped; type help for the commands."),
            (.event(scene: "todo.list#1", name: "saveTapped", arguments: []), ["todo.list#1"],
             "todo.list#1 has no event 'saveTapped'. Its events: addTapped; type help for the commands."),
            (.event(scene: nil, name: "addTapped", arguments: ["x=1"]), ["todo.list#1"], "addTapped takes no data; type: addTapped"),
            (.event(scene: nil, name: "titleChanged", arguments: []), ["todo.add#1"], "titleChanged needs title=…"),
            (.post(name: "chat.messageRecieved", arguments: []), [],
             "no app takes the bus event 'chat.messageRecieved' (did you mean chat.messageReceived?); the hosted apps take chat.messageReceived"),
            (.post(name: "chat.messageReceived", arguments: ["text=Hi"]), [], "post chat.messageReceived needs sentAt=…"),
            (.setClock("nonsense"), [], "'nonsense' is not a time; type clock 2026-11-24T09:00:00Z, clock 2026-11-24, clock +1d or clock now"),
        ]
        for (command, stack, message) in cases {
            #expect(throws: REPLCommandLine.Mistake(description: message)) { try builder(stack: stack).request(for: command) }
        }
    }
}
