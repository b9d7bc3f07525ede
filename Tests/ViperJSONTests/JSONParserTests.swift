import Testing

@testable import ViperJSON

private func parse(_ text: String) throws(JSONParser.Failure) -> JSONValue {
    try JSONParser.parse(Array(text.utf8))
}

private func parseFailure(_ text: String) -> JSONParser.Failure? {
    do {
        _ = try parse(text)
        return nil
    } catch {
        return error
    }
}

struct JSONParserTests {
    @Test func parsesEveryKindOfValue() throws {
        let value = try parse(#" {"a": [1, -2.5, 1e3, true, false, null], "b": {"c": "d"}, "": ""} "#)
        #expect(value == ["a": [1, .number(-2.5), 1000, true, false, .null], "b": ["c": "d"], "": ""])
    }

    @Test func decodesEscapesAndSurrogatePairs() throws {
        let value = try parse(#""q\"b\\s\/n\nt\tu\u00e9\ud83d\ude00""#)
        #expect(value == .string("q\"b\\s/n\nt\tué😀"))
    }

    @Test func keepsMultibyteUTF8AsIs() throws {
        #expect(try parse("\"Ça coûte 5 €\"") == .string("Ça coûte 5 €"))
    }

    @Test func laterDuplicateKeysWin() throws {
        #expect(try parse(#"{"id": 1, "id": 2}"#) == ["id": 2])
    }

    @Test(arguments: [
        ("", 0, "unexpected end of input"),
        ("{", 1, "expected a string key"),
        (#"{"a" 1}"#, 5, "expected ':'"),
        (#"{"a":1,}"#, 7, "expected a string key"),
        ("[1,]", 3, "expected a value"),
        ("[1 2]", 3, "expected ',' or ']'"),
        ("01", 1, "leading zeros"),
        ("1.", 2, "after the decimal point"),
        ("1e", 2, "in the exponent"),
        ("-", 1, "expected a digit"),
        ("tru", 0, "expected a value"),
        ("\"abc", 4, "unterminated string"),
        ("\"a\u{1}b\"", 2, "must be escaped"),
        (#""\x""#, 2, "invalid escape"),
        (#""\u12""#, 3, "four hex digits"),
        (#""\ud800""#, 7, "followed by a low one"),
        (#""\udc00""#, 7, "no high surrogate"),
        ("1 2", 2, "after the JSON value"),
        ("1e400", 0, "out of range"),
    ])
    func reportsWhereAndWhyInputIsNotJSON(input: String, offset: Int, reason: String) throws {
        let failure = try #require(parseFailure(input))
        #expect(failure.offset == offset)
        #expect(failure.reason.contains(reason), "\(failure.reason)")
    }

    @Test func refusesNestingDeeperThanTheLimitWithoutOverflowingTheStack() throws {
        let limit = JSONParser.maximumDepth
        #expect(throws: Never.self) { try parse(String(repeating: "[", count: limit) + String(repeating: "]", count: limit)) }
        let tooDeep = try #require(parseFailure(String(repeating: "[", count: 100_000)))
        #expect(tooDeep.offset == limit)
        #expect(tooDeep.reason.contains("nest deeper"))
    }

    @Test func readsLargeIntegersAndFractionsAsTheNearestDouble() throws {
        // 2^53 + 1 has no double of its own: it reads as 2^53, the nearest.
        #expect(try parse("9007199254740993") == .number(9_007_199_254_740_992))
        #expect(try parse("-0.1") == .number(-0.1))
        #expect(try parse("123456789012345678901234567890") == .number(1.2345678901234568e29))
    }
}
