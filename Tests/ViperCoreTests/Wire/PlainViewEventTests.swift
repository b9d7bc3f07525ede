import Testing
import ViperJSON

@testable import ViperCore

/// A `view.event` read straight from its bytes (`IncomingRequest.readPlainViewEvent`) must be
/// exactly the request the whole parse reads, and every other line must be left to that parse.
@Suite struct PlainViewEventTests {
    /// What a request says, compared between the two readings.
    private struct Said: Equatable {
        let id: RequestID?
        let method: String
        let params: JSONValue?
        let scene: String?
        let event: String?
        let data: JSONValue?

        init(_ request: IncomingRequest) {
            id = request.id
            method = request.method
            params = request.params
            let event = request.viewEvent ?? ViewEventRequest.readDirectly(params: request.params)
            scene = event?.scene
            self.event = event?.event
            data = event?.data
        }
    }

    private func plain(_ line: String) -> Said? {
        Array(line.utf8).withUnsafeBufferPointer { IncomingRequest.readPlainViewEvent($0) { _ in } }.map(Said.init)
    }

    private func parsed(_ line: String) -> Said? {
        Array(line.utf8).withUnsafeBufferPointer { buffer in
            guard case .request(let request)? = try? IncomingRequest.readParsing(buffer) else { return nil }
            return Said(request)
        }
    }

    @Test(arguments: [
        #"{"jsonrpc":"2.0","id":4,"method":"view.event","params":{"scene":"todo.add#1","event":"titleChanged","data":{"title":"Milk"}}}"#,
        #"{"jsonrpc":"2.0","id":"a-1","method":"view.event","params":{"scene":"todo.list#1","event":"addTapped"}}"#,
        #"{"jsonrpc":"2.0","method":"view.event","params":{"scene":"todo.list#1","event":"addTapped"}}"#,
        #"{"jsonrpc":"2.0","id":null,"method":"view.event","params":{"scene":"s#1","event":"e","data":[1,"two",{"3":null}]}}"#,
        #"{"jsonrpc":"2.0","id":9007199254740993,"method":"view.event","params":{"scene":"s#1","event":"e","data":5}}"#,
        #"{"jsonrpc":"2.0","id":1.50,"method":"view.event","params":{"scene":"s#1","event":"e","data":{"t":"a\"b\u00e9"}}}"#,
        #"{"params":{"data":{"title":"x"},"event":"e","scene":"s#1"},"method":"view.event","id":-0,"jsonrpc":"2.0"}"#,
        " \t{ \"jsonrpc\" : \"2.0\" ,\r\"id\" :7 , \"method\":\"view.event\",\"params\": { \"scene\":\"s#1\" , \"event\" : \"e\" } } \r",
        #"{"jsonrpc":"2.0","id":2,"method":"view.event","params":{"scene":"Zürich#1","event":"é","data":{"q":"😀"}}}"#,
        // Ids past the integers read without the parser: more digits, an exponent.
        #"{"jsonrpc":"2.0","id":12345678901234567,"method":"view.event","params":{"scene":"s#1","event":"e"}}"#,
        #"{"jsonrpc":"2.0","id":-1e2,"method":"view.event","params":{"scene":"s#1","event":"e"}}"#,
        #"{"method":"view.event","params":{"scene":"s#1","event":"e"},"jsonrpc":"2.0","id":0}"#,
    ])
    func aPlainViewEventIsReadStraightAndAsTheWholeParseReadsIt(line: String) throws {
        let straight = try #require(plain(line))
        #expect(straight == parsed(line))
    }

    @Test(arguments: [
        // Escapes, in a key or in a string the reading keeps.
        #"{"jsonrpc":"2.0","id":1,"method":"view.event","params":{"scene":"s\u0023 1","event":"e"}}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"view.event","params":{"sc\u0065ne":"s#1","event":"e"}}"#,
        #"{"jsonrpc":"2\u002e0","id":1,"method":"view.event","params":{"scene":"s#1","event":"e"}}"#,
        // Members twice, or one the plain form has not.
        #"{"jsonrpc":"2.0","id":1,"id":2,"method":"view.event","params":{"scene":"s#1","event":"e"}}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"view.event","params":{"scene":"s#1","scene":"t#1","event":"e"}}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"view.event","params":{"scene":"s#1","event":"e","extra":true}}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"view.event","result":{},"params":{"scene":"s#1","event":"e"}}"#,
        // Null data, which the whole reading takes as none.
        #"{"jsonrpc":"2.0","id":1,"method":"view.event","params":{"scene":"s#1","event":"e","data":null}}"#,
        // Another method or version, or something missing.
        #"{"jsonrpc":"2.0","id":1,"method":"view.back","params":{"scene":"s#1"}}"#,
        #"{"jsonrpc":"1.0","id":1,"method":"view.event","params":{"scene":"s#1","event":"e"}}"#,
        #"{"id":1,"method":"view.event","params":{"scene":"s#1","event":"e"}}"#,
        #"{"jsonrpc":"2.0","id":1,"params":{"scene":"s#1","event":"e"}}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"view.event"}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"view.event","params":{"event":"e"}}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"view.event","params":{"scene":1,"event":"e"}}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"view.event","params":["s#1","e"]}"#,
        // Ids the wire refuses.
        #"{"jsonrpc":"2.0","id":true,"method":"view.event","params":{"scene":"s#1","event":"e"}}"#,
        #"{"jsonrpc":"2.0","id":{},"method":"view.event","params":{"scene":"s#1","event":"e"}}"#,
        #"{"jsonrpc":"2.0","id":01,"method":"view.event","params":{"scene":"s#1","event":"e"}}"#,
        #"{"jsonrpc":"2.0","id":-,"method":"view.event","params":{"scene":"s#1","event":"e"}}"#,
        #"{"jsonrpc":"2.0","id":1}"#,
        // Not JSON, or more than one value.
        #"{"jsonrpc":"2.0","id":1,"method":"view.event","params":{"scene":"s#1","event":"e"}} {}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"view.event","params":{"scene":"s#1","event":"e"}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"view.event","params":{"scene":"s#1","event":"e",}}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"view.event","params":{"scene":"s#1","event":"e","data":{"t":01}}}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"view.event","params":{"scene":"s#1" "event":"e"}}"#,
        #"{,"jsonrpc":"2.0","id":1,"method":"view.event","params":{"scene":"s#1","event":"e"}}"#,
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"view.event\",\"params\":{\"scene\":\"s#1\",\"event\":\"a\u{1}b\"}}",
    ])
    func anyOtherLineIsLeftToTheWholeParse(line: String) {
        #expect(plain(line) == nil)
    }

    @Test(arguments: [
        #"{"jsonrpc":"2.0","id":1,"method":"view.event","params":{"scene":"s#1","event":"e"}}"#,
        // An escape: read by the whole parse, and handed over the same.
        #"{"jsonrpc":"2.0","id":1,"method":"view.event","params":{"scene":"s\u00231","event":"e","extra":1}}"#,
    ])
    func aViewEventIsHandedToItsReaderBeforeTheRequestIsMade(line: String) throws {
        var handed: [String] = []
        let message = try Array(line.utf8).withUnsafeBufferPointer { buffer throws(IncomingRequest.Rejection) in
            try IncomingRequest.read(buffer) { event in
                handed.append(event.scene)
                event.supersedes = true
            }
        }
        guard case .request(let request) = message else { Issue.record("not a request"); return }
        #expect(handed == ["s#1"])
        #expect(request.viewEvent?.supersedes == true)
        #expect(request.viewEvent?.scene == "s#1")
    }

    @Test func otherRequestsAreNotHandedToTheEventReader() throws {
        var handed = 0
        _ = try Array(#"{"jsonrpc":"2.0","id":1,"method":"view.back","params":{"scene":"s#1","event":"e"}}"#.utf8)
            .withUnsafeBufferPointer { buffer throws(IncomingRequest.Rejection) in try IncomingRequest.read(buffer) { _ in handed += 1 } }
        #expect(handed == 0)
    }

    @Test func dataNestedBeyondTheLimitIsRefusedWhereTheWholeParseRefusesIt() {
        // The params and the envelope are two levels: data may nest 510 more.
        func line(nesting: Int) -> String {
            #"{"jsonrpc":"2.0","id":1,"method":"view.event","params":{"scene":"s#1","event":"e","data":"#
                + String(repeating: "[", count: nesting) + String(repeating: "]", count: nesting) + "}}"
        }
        let deepest = JSONParser.maximumDepth - 2
        #expect(plain(line(nesting: deepest)) != nil)
        #expect(plain(line(nesting: deepest)) == parsed(line(nesting: deepest)))
        #expect(plain(line(nesting: deepest + 1)) == nil)
        #expect(parsed(line(nesting: deepest + 1)) == nil)
    }

    /// Lines a byte away from a plain one: whatever the straight reading accepts, the whole
    /// parse reads the same.
    @Test func linesOneByteAwayAreReadTheSameOrLeftToTheWholeParse() {
        let original = Array(#"{"jsonrpc":"2.0","id":12,"method":"view.event","params":{"scene":"todo.add#1","event":"titleChanged","data":{"title":"Milk","n":[1,true]}}}"#.utf8)
        let replacements = Array(#" {}[]":,\0-1e.tnx"#.utf8)
        var variants: [[UInt8]] = []
        for position in original.indices {
            var removed = original
            removed.remove(at: position)
            variants.append(removed)
            for byte in replacements {
                var inserted = original
                inserted.insert(byte, at: position)
                variants.append(inserted)
                var replaced = original
                replaced[position] = byte
                variants.append(replaced)
            }
        }
        var accepted = 0
        for bytes in variants {
            let line = String(decoding: bytes, as: UTF8.self)
            guard let straight = plain(line) else { continue }
            accepted += 1
            #expect(straight == parsed(line), "\(line)")
        }
        // Some mutations (whitespace, a digit of the id) leave the line plain.
        #expect(accepted > 0)
    }
}
