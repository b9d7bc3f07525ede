import ViperJSON

/// The `error` of a response, as a View reads it: its code, the message for people, and the
/// `data` whose `kind` a program switches on (protocol.md lists every kind).
package struct ResponseError: Error, Codable, Sendable, Equatable {
    package let code: Int
    package let message: String
    package let data: JSONValue?

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(code, forKey: .code)
        try container.encode(message, forKey: .message)
        if let data { try container.encode(data, forKey: .data) }
    }

    private enum CodingKeys: String, CodingKey {
        case code, message, data
    }

    /// `data.kind`, the error's stable name.
    package var kind: String? {
        if case .string(let kind)? = data?["kind"] { kind } else { nil }
    }
}
