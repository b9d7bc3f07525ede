/// A password as an event carries it: a type of its own whose description, debug description,
/// reflection and encoding never show the value, so no log line, `dump`, error message or
/// encoded view model can leak it. Only `revealed`, read by the Service that sends it to the
/// server, gives the characters.
///
/// On the wire it is a string; `engine.describe` names its type `secret`, so that Views mask
/// what is typed and recorders write a placeholder.
public struct Password: Sendable, Equatable, WireScalar, Encodable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The characters, for the one place that must send them.
    public let revealed: String

    /// A password of `revealed`.
    public init(_ revealed: String) {
        self.revealed = revealed
    }

    public init(from decoder: any Decoder) throws {
        revealed = try decoder.singleValueContainer().decode(String.self)
    }

    /// Encodes the mask, never the value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(Self.mask)
    }

    /// Whether no characters were typed.
    public var isEmpty: Bool { revealed.isEmpty }

    /// How many characters it has, for rules such as "at least 10".
    public var count: Int { revealed.count }

    public var description: String { Self.mask }
    public var debugDescription: String { "Password(\(Self.mask))" }
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }

    /// What stands for a password wherever one would be shown.
    public static let mask = "••••••••"

    public static var wireType: FieldDescriptor.ValueType { .secret }
    public static var wireExample: Password { Password("") }
}
