import Foundation
import Testing
import ViperCore
import ViperJSON

@testable import ViperCommandLine

struct CommandRequestTests {
    @Test("Each request carries its method and the params its case holds")
    func methodsAndParams() {
        let paris = TimeZone(identifier: "Europe/Paris")!
        let cases: [(CommandRequest, String, JSONValue?)] = [
            (.startApp("todo"), "app.start", ["app": "todo"]),
            (.event(scene: "todo.add#1", name: "titleChanged", data: ["title": "Buy milk"]), "view.event",
             ["scene": "todo.add#1", "event": "titleChanged", "data": ["title": "Buy milk"]]),
            (.event(scene: "todo.list#1", name: "addTapped", data: nil), "view.event", ["scene": "todo.list#1", "event": "addTapped"]),
            (.back(scene: "todo.add#1"), "view.back", ["scene": "todo.add#1"]),
            (.post(name: "chat.messageReceived", payload: [:]), "notification.post", ["name": "chat.messageReceived", "payload": [:]]),
            (.setClock(EngineClient.parse("2026-11-19T09:30:00Z")!, in: paris), "clock.set", ["now": "2026-11-19T10:30:00+01:00"]),
            (.state, "engine.state", nil),
        ]
        for (request, method, params) in cases {
            #expect(request.request.wireMethod.rawValue == method)
            #expect(request.request.params == params, "\(request)")
        }
    }

    @Test("A refusal names the field as the command types it")
    func refusalsInTheWordsOfTheCommand() {
        let missing: JSONValue = ["path": "params.data.title"]
        #expect(REPLWording.refusal("Invalid params: params.data.title is missing.", data: missing, of: .event(scene: "todo.add#1", name: "titleChanged", data: nil))
            == "titleChanged needs title=…")
        let payload: JSONValue = ["path": "params.payload.text"]
        #expect(REPLWording.refusal("Invalid params: params.payload.text must be a string.", data: payload, of: .post(name: "chat.messageReceived", payload: [:]))
            == "post chat.messageReceived: text must be a string.")
        #expect(REPLWording.refusal("Invalid params: params.app is not an app.", data: ["path": "params.app"], of: .startApp("nope")) == "params.app is not an app.")
    }
}
