import Foundation

/// The coders of the wire: instants are ISO 8601 with an offset, with or without a fraction.
enum WireCoding {
    static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = instant(text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not an instant with an offset")
            }
            return date
        }
        return decoder
    }

    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(text(date))
        }
        return encoder
    }

    static func instant(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)
    }

    static func text(_ date: Date) -> String {
        ISO8601DateFormatter().string(from: date)
    }

    /// `value` as JSON, through the wire's coders.
    static func json(_ value: some Encodable) throws -> JSONValue {
        try decoder().decode(JSONValue.self, from: encoder().encode(value))
    }

    /// `json` as a `T`, through the wire's coders.
    static func value<T: Decodable>(_ type: T.Type, from json: JSONValue) throws -> T {
        try decoder().decode(type, from: encoder().encode(json))
    }
}
