import Foundation
import Testing
import ViperJSON

@testable import ViperCore

/// What a View receives is read once into an `EngineMessage`; what the engine writes reads back
/// as the message it wrote, and anything else is `unreadable`, never a message it is not.
@Suite struct EngineMessageTests {
    @Test func eachKindOfLineReadsAsItsMessage() {
        let lines: [(String, EngineMessage)] = [
            (#"{"jsonrpc":"2.0","method":"view.navigate","params":{"action":"push","from":"todo.list#1","kind":"todo.add","scene":"todo.add#2"}}"#,
             .navigate(ViewNavigateNotification(action: .push, scene: "todo.add#2", kind: "todo.add", from: "todo.list#1"))),
            (#"{"jsonrpc":"2.0","method":"view.navigate","params":{"action":"root","kind":"todo.list","scene":"todo.list#1"}}"#,
             .navigate(ViewNavigateNotification(action: .root, scene: "todo.list#1", kind: "todo.list", from: nil))),
            (#"{"jsonrpc":"2.0","method":"view.render","params":{"kind":"todo.add","scene":"todo.add#2","viewModel":{"title":"Milk"}}}"#,
             .render(ViewRenderNotification(scene: "todo.add#2", kind: "todo.add", viewModel: ["title": "Milk"]))),
            (#"{"id":"viper:1","jsonrpc":"2.0","method":"effect.http","params":{"body":null,"headers":{},"method":"GET","url":"http://x.test/"}}"#,
             .effect(id: "viper:1", EffectHTTPRequest(method: "GET", url: "http://x.test/"))),
            (#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":"viper:1"}}"#, .cancel(id: "viper:1")),
            (#"{"id":3,"jsonrpc":"2.0","result":{"scene":"todo.list#1"}}"#, .response(id: 3, .success(["scene": "todo.list#1"]))),
            (#"{"error":{"code":-32602,"data":{"kind":"unknownEvent"},"message":"no"},"id":4,"jsonrpc":"2.0"}"#,
             .response(id: 4, .failure(ResponseError(code: -32602, message: "no", data: ["kind": "unknownEvent"])))),
        ]
        for (line, message) in lines {
            #expect(EngineMessage(line: line) == message, "\(line)")
        }
        guard case .response(_, .failure(let error)) = EngineMessage(line: lines.last!.0) else {
            Issue.record("an error response did not read as one")
            return
        }
        #expect(error.kind == "unknownEvent")
    }

    @Test(arguments: [
        "not json", "[]", #"{"jsonrpc":"2.0","method":"view.rendered","params":{}}"#,
        #"{"jsonrpc":"2.0","method":"view.navigate","params":{"action":"jump","kind":"a","scene":"a#1"}}"#,
        #"{"jsonrpc":"2.0","method":"view.render","params":{"scene":"a#1"}}"#,
        #"{"jsonrpc":"2.0","method":"effect.http","params":{"method":"GET","url":"http://x.test/"}}"#,
        #"{"id":1,"jsonrpc":"2.0"}"#, #"{"id":1,"jsonrpc":"2.0","result":1,"error":{"code":1,"message":"m"}}"#,
        #"{"id":1,"jsonrpc":"2.0","error":{"message":"no code"}}"#,
    ])
    func linesThatAreNoneOfTheEnginesMessagesAreUnreadable(line: String) {
        #expect(EngineMessage(line: line) == .unreadable)
    }

    @Test func theEnginesEffectReadsBackAsTheRequestItDescribes() throws {
        let text = HTTPRequest(method: "POST", url: URL(string: "http://x.test/a")!, headers: ["Accept": "text/plain"], body: Data("hi".utf8))
        let binary = HTTPRequest(method: "PUT", url: URL(string: "http://x.test/b")!, body: Data([0xFF]))
        let none = HTTPRequest(method: "GET", url: URL(string: "http://x.test/c")!)
        #expect(EffectHTTPClient.params(of: text) == ["method": "POST", "url": "http://x.test/a", "headers": ["Accept": "text/plain"], "body": "hi"])
        #expect(EffectHTTPClient.params(of: binary) == ["method": "PUT", "url": "http://x.test/b", "headers": [:], "bodyBase64": "/w=="])
        // A request without a body says so with a null body, as the engine always wrote it.
        #expect(EffectHTTPClient.params(of: none) == ["method": "GET", "url": "http://x.test/c", "headers": [:], "body": .null])
        let read = try JSONValueDecoder.decode(EffectHTTPRequest.self, from: EffectHTTPClient.params(of: text))
        #expect(read == EffectHTTPRequest(method: "POST", url: "http://x.test/a", headers: ["Accept": "text/plain"], body: "hi"))
    }
}
