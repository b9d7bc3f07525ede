import Testing

@testable import ViperJSON

struct JSONWriterTests {
    @Test func sortsKeysByTheirBytesAndWritesNoSpaces() {
        let value: JSONValue = ["b": 1, "a10": 2, "a9": 3, "B": 4, "é": 5, "_": ["z": .null, "y": true]]
        #expect(JSONWriter.string(value) == #"{"B":4,"_":{"y":true,"z":null},"a10":2,"a9":3,"b":1,"é":5}"#)
    }

    @Test func writesIntegersWithoutAFractionAndOtherNumbersInFull() {
        #expect(JSONWriter.string([1, .number(-0.0), .number(2.5), .number(1e21), .number(9_007_199_254_740_992), .number(1e19)]) == "[1,0,2.5,1e+21,9007199254740992,1e+19]")
    }

    @Test func escapesOnlyWhatJSONRequiresAndLeavesSlashesAlone() {
        let value = JSONValue.string("a/b \"q\" \\ \n\r\t\u{8}\u{c}\u{1}\u{1f} é € \u{2027}\u{202A}\u{A0}\u{7E}")
        #expect(JSONWriter.string(value) == #""a/b \"q\" \\ \n\r\t\b\f\u0001\u001f é € \#u{2027}\#u{202A}\#u{A0}~""#)
    }

    @Test func escapesDELTheC1ControlsAndTheLineAndParagraphSeparators() throws {
        // JavaScript and some editors split lines on U+2028 and U+2029; the C1 controls and DEL
        // are invisible and may upset terminals.
        let value = JSONValue.string("a\u{7F}b\u{80}c\u{9F}d\u{2028}e\u{2029}f\u{2028}")
        #expect(JSONWriter.string(value) == #""a\u007fb\u0080c\u009fd\u2028e\u2029f\u2028""#)
        #expect(try JSONParser.parse(JSONWriter.encode(value)) == value)
        #expect(JSONWriter.string(.object(["\u{2028}": 1])) == #"{"\u2028":1}"#)
    }

    @Test func writtenJSONParsesBackToTheSameValue() throws {
        let value: JSONValue = ["text": "line\nbreak \u{0} nul", "list": [1, 2.25, .null, false], "nested": ["k": ["deep": "é"]]]
        #expect(try JSONParser.parse(JSONWriter.encode(value)) == value)
    }

    @Test func theSameValueAlwaysGivesTheSameBytes() {
        // Dictionaries iterate in a per-process random order; the writer must not.
        let keys = (0..<50).map { "key\($0)" }
        let value = JSONValue.object(Dictionary(uniqueKeysWithValues: keys.map { ($0, JSONValue.string($0)) }))
        let reordered = JSONValue.object(Dictionary(uniqueKeysWithValues: keys.reversed().map { ($0, JSONValue.string($0)) }))
        #expect(JSONWriter.encode(value) == JSONWriter.encode(reordered))
    }

    @Test func objectsAfterOneWithOtherKeysAreWrittenWithTheirOwnKeys() {
        // The writer reuses the layout of the last object written; a change of keys must not
        // carry it over.
        let value: JSONValue = [["b": 1, "a": 2], ["b": 3, "a": 4], ["c\"": 5], [:], ["a": 6, "b": 7, "c": 8], ["b": 9, "a": 0]]
        #expect(JSONWriter.string(value) == #"[{"a":2,"b":1},{"a":4,"b":3},{"c\"":5},{},{"a":6,"b":7,"c":8},{"a":0,"b":9}]"#)
    }

    @Test func theLastMemberWithAKeyWins() {
        var writer = JSONWriter()
        let members: [(key: String, value: JSONValue)] = [("b", 1), ("a", 2), ("b", 3), ("a", 4), ("c", 5)]
        writer.write(object: members) { $0.write($1) }
        writer.write(object: members) { $0.write($1) }
        #expect(String(decoding: writer.bytes, as: UTF8.self) == #"{"a":4,"b":3,"c":5}{"a":4,"b":3,"c":5}"#)
    }
}
