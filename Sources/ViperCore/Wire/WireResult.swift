import ViperJSON

/// What a request method answers with, and its JSON Schema, written beside the type it
/// describes: `protocol.schema.json` is made of these.
protocol WireResult: Encodable, Sendable {
    /// The result's schema in an engine hosting `scope`'s apps.
    static func schema(_ scope: SchemaScope) -> JSONValue
}
