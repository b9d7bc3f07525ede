import Testing

import ViperJSON

@testable import ViperCore

private struct Params: Codable, Equatable {
    var name: String
    var count: Int
    var ratio: Double?
    var day: CalendarDay?
    var tags: [String]
    var nested: Nested?

    struct Nested: Codable, Equatable {
        var flag: Bool
    }
}

private func decodingMessage(_ json: JSONValue) -> String? {
    do {
        _ = try JSONValueDecoder.decode(Params.self, from: json, codingPath: [WireCodingKey(stringValue: "params")])
        return nil
    } catch let error as DecodingError {
        return ProtocolError.invalidParams(error).message
    } catch {
        return "\(error)"
    }
}

private let decodingCases: [(JSONValue, String)] = [
    (["count": 1, "tags": []] as JSONValue, "Invalid params: params.name is missing."),
    (["name": 5, "count": 1, "tags": []], "Invalid params: params.name must be a string, not a number."),
    (["name": "a", "count": .number(1.5), "tags": []], "Invalid params: params.count must be an integer, not 1.5."),
    (["name": "a", "count": .null, "tags": []], "Invalid params: params.count must be an integer, not null."),
    (["name": "a", "count": 1, "tags": ["x", 2]], "Invalid params: params.tags[1] must be a string, not a number."),
    (["name": "a", "count": 1, "tags": [], "nested": ["flag": "yes"]], "Invalid params: params.nested.flag must be a boolean, not a string."),
    (["name": "a", "count": 1, "tags": [], "day": "2026-02-30"], #"Invalid params: params.day must be a calendar day YYYY-MM-DD, not "2026-02-30"."#),
    // A NUL in a short (inline) string and in a long one, which Swift keeps apart.
    (["name": "a\u{0}", "count": 1, "tags": []], "Invalid params: params.name must not contain U+0000 (NUL)."),
    (["name": .string(String(repeating: "long title ", count: 8) + "\u{0}"), "count": 1, "tags": []], "Invalid params: params.name must not contain U+0000 (NUL)."),
    (["name": "a", "count": 1, "tags": ["x", "\u{0}"]], "Invalid params: params.tags[1] must not contain U+0000 (NUL)."),
]

struct JSONValueCodingTests {
    @Test func decodesNestedStructsAndOptionalFields() throws {
        let json: JSONValue = ["name": "a", "count": 3, "day": "2026-11-22", "tags": ["x"], "nested": ["flag": true], "ratio": .null]
        let params = try JSONValueDecoder.decode(Params.self, from: json)
        #expect(params == Params(name: "a", count: 3, ratio: nil, day: CalendarDay("2026-11-22"), tags: ["x"], nested: .init(flag: true)))
    }


    @Test(arguments: decodingCases)
    func decodingErrorsNameTheFieldAndWhatWasWrong(json: JSONValue, message: String) {
        #expect(decodingMessage(json) == message)
    }

    @Test func encodesNilAsNullSoViewModelsKeepTheirShape() throws {
        let params = Params(name: "a", count: 2, ratio: nil, day: nil, tags: [], nested: nil)
        let json = try JSONValueEncoder.encode(params)
        #expect(json == ["name": "a", "count": 2, "ratio": JSONValue.null, "day": .null, "tags": [], "nested": .null])
    }

    @Test func encodingThenDecodingGivesBackTheValue() throws {
        let params = Params(name: "é/\"", count: -7, ratio: 0.25, day: CalendarDay("2024-02-29"), tags: ["a", "b"], nested: .init(flag: false))
        #expect(try JSONValueDecoder.decode(Params.self, from: JSONValueEncoder.encode(params)) == params)
    }

    @Test func aMessageSwiftWroteNeverReachesTheWire() {
        enum Unit: String, Codable { case celsius, fahrenheit }
        struct Reading: Codable { let unit: Unit }
        var message: String?
        do {
            _ = try JSONValueDecoder.decode(Reading.self, from: ["unit": "kelvin"], codingPath: [WireCodingKey(stringValue: "params")])
        } catch let error as DecodingError {
            message = ProtocolError.invalidParams(error).message
        } catch {}
        #expect(message == "Invalid params: params.unit is not a value this field accepts.")
    }

    @Test func refusesToEncodeNumbersJSONCannotHold() {
        #expect(throws: EncodingError.self) { try JSONValueEncoder.encode(["x": Double.nan]) }
    }
}
