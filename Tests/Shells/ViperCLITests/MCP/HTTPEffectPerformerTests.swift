import Foundation
import Testing
import ViperCore
import ViperJSON

@testable import ViperCommandLine

@Suite("The MCP session performs effect.http as protocol.md section 6 words it")
struct HTTPEffectPerformerTests {
    /// Answers every request with `response`, or fails it with `failure`, and keeps the last one.
    private final class ScriptedHTTP: HTTPClient, @unchecked Sendable {
        let outcome: Result<HTTPResponse, HTTPFailure>
        var sent: HTTPRequest?
        init(_ outcome: Result<HTTPResponse, HTTPFailure>) { self.outcome = outcome }
        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            sent = request
            return try outcome.get()
        }
    }

    @Test("The params become the request, and the response the result, UTF-8 bodies as text")
    func textBodies() async throws {
        let http = ScriptedHTTP(.success(HTTPResponse(status: 201, headers: ["Content-Type": "application/json"], body: Data(#"{"id":"1"}"#.utf8))))
        let reply = await HTTPEffectPerformer(http: http).reply(
            to: EffectHTTPRequest(method: "POST", url: "http://x.test/v1/users", headers: ["Accept": "application/json"], body: #"{"name":"ada"}"#))
        #expect(http.sent == HTTPRequest(method: "POST", url: URL(string: "http://x.test/v1/users")!, headers: ["Accept": "application/json"], body: Data(#"{"name":"ada"}"#.utf8)))
        #expect(reply.isError == false)
        #expect(reply.answer == ["status": 201, "headers": ["content-type": "application/json"], "body": #"{"id":"1"}"#])
    }

    @Test("Bodies that are not UTF-8 go both ways in base64")
    func binaryBodies() async throws {
        let http = ScriptedHTTP(.success(HTTPResponse(status: 200, body: Data([0xFF, 0x00]))))
        let reply = await HTTPEffectPerformer(http: http).reply(to: EffectHTTPRequest(method: "PUT", url: "http://x.test/blob", bodyBase64: "/wE="))
        #expect(http.sent?.body == Data([0xFF, 0x01]))
        #expect(reply.answer == ["status": 200, "headers": [:], "bodyBase64": "/wA="])
    }

    @Test("No response is an error reply with the failure's message; params that are no request are refused")
    func failures() async throws {
        let offline = await HTTPEffectPerformer(http: ScriptedHTTP(.failure(HTTPFailure(message: "connection refused")))).reply(to: EffectHTTPRequest(method: "GET", url: "http://x.test/"))
        #expect(offline.isError)
        #expect(offline.answer == ["code": -1, "message": "connection refused"])
        let unused = ScriptedHTTP(.failure(HTTPFailure(message: "unused")))
        for nonsense in [await HTTPEffectPerformer(http: unused).reply(to: EffectHTTPRequest(method: "GET", url: "not a url")), await HTTPEffectPerformer(http: unused).reply(to: nil)] {
            #expect(nonsense.isError)
            #expect(nonsense.answer["message"] == "the effect.http params were not a request with a method and an absolute URL")
        }
    }
}
