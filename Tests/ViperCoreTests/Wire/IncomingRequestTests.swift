import Testing
import ViperJSON

@testable import ViperCore

private func read(_ bytes: [UInt8]) -> Result<IncomingRequest, IncomingRequest.Rejection> {
    message(bytes).map { message in
        guard case .request(let request) = message else { preconditionFailure("a reply, not a request") }
        return request
    }
}

private func message(_ bytes: [UInt8]) -> Result<IncomingMessage, IncomingRequest.Rejection> {
    bytes.withUnsafeBufferPointer { buffer in
        Result { () throws(IncomingRequest.Rejection) in try IncomingRequest.read(buffer) }
    }
}

private func rejection(_ line: String) -> (id: RequestID, kind: String)? {
    rejection(Array(line.utf8))
}

private func rejection(_ bytes: [UInt8]) -> (id: RequestID, kind: String)? {
    guard case .failure(let rejection) = read(bytes) else { return nil }
    return (rejection.id, rejection.error.kind.rawValue)
}

struct IncomingRequestTests {
    @Test func readsARequestWithItsIdMethodAndParams() throws {
        let request = try read(Array(#"{"jsonrpc":"2.0","id":"a-1","method":"view.event","params":{"scene":"x"}}"#.utf8)).get()
        #expect(request.id == .string("a-1"))
        #expect(request.method == "view.event")
        #expect(request.params == ["scene": "x"])
    }

    @Test func aNumericIdIsKeptAsItWasSpelledEvenBeyondWhatADoubleHolds() throws {
        #expect(try read(Array(#"{"jsonrpc":"2.0","id":9007199254740993,"method":"x"}"#.utf8)).get().id == .number("9007199254740993"))
        #expect(try read(Array(#"{"jsonrpc":"2.0","id":1.50,"method":"x"}"#.utf8)).get().id == .number("1.50"))
        #expect(try read(Array(#"{"jsonrpc":"2.0","id":-0,"method":"x","params":{"id":7}}"#.utf8)).get().id == .number("-0"))
        #expect(try read(Array(#"{"jsonrpc":"2.0","id":1,"method":"x","id":2e0}"#.utf8)).get().id == .number("2e0"))
        #expect(try read(Array(#"{"jsonrpc":"2.0","id":1,"method":"x","id":"s"}"#.utf8)).get().id == .string("s"))
    }

    @Test func aMessageWithAResultOrAnErrorAndNoMethodIsAReply() throws {
        guard case .success(.reply(let reply)) = message(Array(#"{"jsonrpc":"2.0","id":"viper:1","result":{"status":200}}"#.utf8)) else {
            Issue.record("not read as a reply")
            return
        }
        #expect(reply.id == .string("viper:1"))
        guard case .result(let result) = reply.outcome else { Issue.record("no result"); return }
        #expect(result == ["status": 200])
        guard case .success(.reply(let failed)) = message(Array(#"{"jsonrpc":"2.0","id":"viper:2","error":{"code":-1,"message":"offline"}}"#.utf8)),
            case .error = failed.outcome
        else { Issue.record("not read as an error reply"); return }
        // Neither a method nor an outcome: still a bad request.
        #expect(rejection(#"{"jsonrpc":"2.0","id":3}"#)?.kind == "invalidRequest")
    }

    @Test func aRequestWithoutIdIsANotificationAndAnExplicitNullIdIsNot() throws {
        #expect(try read(Array(#"{"jsonrpc":"2.0","method":"shutdown"}"#.utf8)).get().id == nil)
        #expect(try read(Array(#"{"jsonrpc":"2.0","id":null,"method":"shutdown"}"#.utf8)).get().id == .null)
    }

    @Test(arguments: [
        ("", "emptyLine"),
        ("  \t\r", "emptyLine"),
        ("{nope", "parseError"),
        ("[]", "batchNotSupported"),
        (#"[{"jsonrpc":"2.0","id":1,"method":"x"}]"#, "batchNotSupported"),
        ("42", "invalidRequest"),
        (#""text""#, "invalidRequest"),
        (#"{"jsonrpc":"2.0","id":{},"method":"x"}"#, "invalidRequest"),
        (#"{"jsonrpc":"2.0","id":true,"method":"x"}"#, "invalidRequest"),
    ])
    func linesWhoseIdCannotBeReadAreRejectedToIdNull(line: String, kind: String) throws {
        let rejected = try #require(rejection(line))
        #expect(rejected.id == .null)
        #expect(rejected.kind == kind)
    }

    @Test(arguments: [
        #"{"id":7,"method":"x"}"#,
        #"{"jsonrpc":"1.0","id":7,"method":"x"}"#,
        #"{"jsonrpc":2,"id":7,"method":"x"}"#,
        #"{"jsonrpc":"2.0","id":7}"#,
        #"{"jsonrpc":"2.0","id":7,"method":7}"#,
        #"{"jsonrpc":"2.0","id":7,"method":"x","params":"p"}"#,
        #"{"jsonrpc":"2.0","id":7,"method":"x","params":null}"#,
    ])
    func invalidRequestsAreRejectedToTheirId(line: String) throws {
        let rejected = try #require(rejection(line))
        #expect(rejected.id == .number("7"))
        #expect(rejected.kind == "invalidRequest")
    }

    @Test func invalidUTF8IsReportedWithTheOffsetOfTheBadByte() throws {
        let line = Array(#"{"a":"é"#.utf8) + [0xFF] + Array(#""}"#.utf8)
        guard case .failure(let rejection) = read(line) else {
            Issue.record("accepted invalid UTF-8")
            return
        }
        #expect(rejection.error.kind == .invalidUTF8)
        #expect(rejection.error.message.contains("offset 8"))
    }

    @Test(arguments: [0, 7, 8, 40, 59])
    func aBadByteAnywhereInALongLineIsFoundWhereItIs(offset: Int) throws {
        // Lines are checked eight bytes at a time: a bad byte at the start, end or middle of a word.
        var line = Array(#"{"jsonrpc":"2.0","id":1,"method":"engine.state","params":{}}"#.utf8)
        line[offset] = 0xFF
        guard case .failure(let rejection) = read(line) else {
            Issue.record("accepted invalid UTF-8 at offset \(offset)")
            return
        }
        #expect(rejection.error.kind == .invalidUTF8)
        #expect(rejection.error.message.contains("offset \(offset)"))
    }
}
