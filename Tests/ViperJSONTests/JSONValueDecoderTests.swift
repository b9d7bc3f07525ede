import Testing

@testable import ViperJSON

/// `decode(_:fromMember:_:)` reads an event's case and data without making the object of one
/// member; these hold it to what `decode(_:from:)` does with that object, values and failures.
struct JSONValueDecoderTests {
    enum Event: Decodable, Equatable {
        case titleChanged(title: String)
        case moved(Int)
        case saveTapped
    }

    /// A type that reads the whole value itself instead of through a keyed container.
    struct Whole: Decodable, Equatable {
        let value: JSONValue

        init(from decoder: any Decoder) throws {
            value = try decoder.singleValueContainer().decode(JSONValue.self)
        }
    }

    static let members: [(String, JSONValue)] = [
        ("titleChanged", ["title": "Water the plants"]),
        ("moved", ["_0": 3]),
        ("saveTapped", [:]),
        ("titleChanged", ["title": 4]),
        ("titleChanged", [:]),
        ("moved", ["_0": 2.5]),
        ("deleted", [:]),
        ("saveTapped", "not an object"),
    ]

    @Test(arguments: members)
    func decodesAndFailsAsTheObjectOfThatOneMemberWould(name: String, payload: JSONValue) {
        let expected = Result { try JSONValueDecoder.decode(Event.self, from: .object([name: payload])) }
        let decoded = Result { try JSONValueDecoder.decode(Event.self, fromMember: name, payload) }
        switch (expected, decoded) {
        case (.success(let expected), .success(let decoded)):
            #expect(decoded == expected)
        case (.failure(let expected as DecodingError), .failure(let decoded as DecodingError)):
            #expect(String(describing: decoded) == String(describing: expected))
        default:
            Issue.record("decode(from:) gave \(expected), decode(fromMember:) gave \(decoded)")
        }
    }

    @Test func aTypeThatReadsTheValueWholeSeesTheObjectOfOneMember() throws {
        let decoded = try JSONValueDecoder.decode(Whole.self, fromMember: "moved", ["_0": 3])
        #expect(decoded.value == ["moved": ["_0": 3]])
    }
}
