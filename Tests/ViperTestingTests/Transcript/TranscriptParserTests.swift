import Testing
import ViperJSON
import ViperCore

@testable import ViperTesting

struct TranscriptParserTests {
    private func parse(_ text: String) throws -> Transcript {
        try TranscriptParser.parse(text, path: "t.transcript")
    }

    private func failure(_ text: String) -> String? {
        do {
            _ = try TranscriptParser.parse(text, path: "t.transcript")
            return nil
        } catch {
            return error.description
        }
    }

    @Test func readsRequestsInEveryFormWithTheirExpectedLines() throws {
        let transcript = try parse("""
            $ viper serve --enable-fault-injection
            # start
            > initialize {"now":"2026-11-19T09:00:00Z"}
            < {"result":{}}
            > engine.state
            > {"id":"x","method":"engine.state"}
            >> {"jsonrpc":"2.0","method":"nope"}
            <
            >>
            < {"error":{}}
            """)
        #expect(transcript.engineOptions == ["--enable-fault-injection"])
        let steps = transcript.steps
        #expect(steps.count == 5)
        guard case .call(let first) = steps[0].request else { Issue.record("not a call"); return }
        #expect(first == ["method": "initialize", "params": ["now": "2026-11-19T09:00:00Z"]])
        #expect(steps[0].leadingLines == ["# start"])
        #expect(steps[0].lineNumber == 3)
        #expect(steps[0].expectations.map(\.pattern) == [["result": [:]]])
        guard case .call(let second) = steps[1].request else { Issue.record("not a call"); return }
        #expect(second == ["method": "engine.state"])
        #expect(!steps[1].hasExpectation)
        guard case .call(let third) = steps[2].request else { Issue.record("not a call"); return }
        #expect(third == ["id": "x", "method": "engine.state"])
        guard case .raw(let raw) = steps[3].request else { Issue.record("not raw"); return }
        #expect(raw == #"{"jsonrpc":"2.0","method":"nope"}"#)
        #expect(steps[3].expectsNothing && steps[3].hasExpectation)
        guard case .raw(let empty) = steps[4].request else { Issue.record("not raw"); return }
        #expect(empty == "")
    }

    @Test func readsFilesWithWindowsLineEndings() throws {
        let transcript = try parse("# crlf\r\n> engine.state\r\n< {\"result\":1}\r\n")
        #expect(transcript.steps.count == 1)
        #expect(transcript.steps[0].expectations.map(\.pattern) == [["result": 1]])
    }

    @Test(arguments: [
        ("hello", "t.transcript:1: transcript lines start with '#', '$', '!', '>', '>>' or '<'"),
        ("< {}", "t.transcript:1: an expected line ('<') must follow a request ('>')"),
        ("> engine.state\n< {nope", "t.transcript:2: the expected line is not JSON: unexpected 'n', expected a string key at byte 1"),
        ("> engine.state [1]", "t.transcript:1: the params of 'engine.state' must be a JSON object"),
        ("> {\"id\":1}", "t.transcript:1: the request needs a \"method\" string"),
        (">", "t.transcript:1: a request line needs a method: '> METHOD {PARAMS}' or '> {…}'"),
        ("> engine.state\n< {}\n$ viper serve", "t.transcript:3: the '$ viper serve …' line must come before the first request"),
        ("$ node server.js", "t.transcript:1: the options line reads '$ viper serve OPTION…' (or '$ PROGRAM serve OPTION…' for another engine)"),
        ("> engine.state\n<\n< {}", "t.transcript:3: a bare '<' (no output) cannot be mixed with expected lines"),
        ("> reply", "t.transcript:1: '> reply' needs the result to answer with: '> reply {…}'"),
        ("> reply-error \"offline\"", "t.transcript:1: the error of '> reply-error' must be a JSON object such as {\"code\":-1,\"message\":\"offline\"}"),
        ("> wait soon", "t.transcript:1: '> wait' takes how long to wait at most, such as '> wait 2s' or '> wait 500ms'"),
    ])
    func refusesMalformedTranscriptsNamingTheLine(text: String, message: String) {
        #expect(failure(text) == message)
    }

    @Test func readsRepliesAndWaits() throws {
        let transcript = try parse("> reply {\"status\":200}\n> reply-error {\"code\":-1,\"message\":\"x\"}\n> wait\n> wait 250ms")
        guard case .reply(let result, isError: false) = transcript.steps[0].request,
            case .reply(_, isError: true) = transcript.steps[1].request,
            case .wait(let standard) = transcript.steps[2].request, case .wait(let short) = transcript.steps[3].request
        else {
            Issue.record("read as \(transcript.steps.map(\.request))")
            return
        }
        #expect(result == ["status": 200])
        #expect(standard == .seconds(5))
        #expect(short == .milliseconds(250))
    }
}
