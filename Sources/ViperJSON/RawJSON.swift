/// One JSON value already written as wire bytes (keys sorted, no whitespace), spliced as it is
/// into the lines that carry it.
///
/// A render encodes its view model once, straight to bytes: the `view.render` line embeds them,
/// and the session keeps them for `engine.state`. Building a `JSONValue` first and writing it
/// afterwards cost a third of each keystroke's work (BENCHMARKS.md).
package struct RawJSON: Sendable, Equatable {
    /// The value's JSON text, as `JSONWriter` writes it.
    package let bytes: [UInt8]

    /// `{}`.
    package static let emptyObject = RawJSON(.object([:]))

    /// `value` written as the wire writes it.
    package init(_ value: JSONValue) {
        bytes = JSONWriter.encode(value)
    }

    /// An array of strings written as the wire writes it.
    package init(strings: [String]) {
        var writer = JSONWriter(reservingCapacity: 2 + strings.reduce(0) { $0 + $1.utf8.count + 3 })
        writer.write(array: strings) { $0.write(string: $1) }
        bytes = writer.bytes
    }

    /// `value` encoded and written as the wire writes it.
    package init(encoding value: some Encodable) throws {
        var writer = JSONWriter()
        try JSONValueEncoder.write(value, to: &writer)
        bytes = writer.bytes
    }

    /// The value, read back; for the rare reader that needs it as a `JSONValue`.
    package var value: JSONValue {
        // Bytes the writer wrote always parse, unless they nest deeper than the parser allows.
        (try? JSONParser.parse(bytes)) ?? .null
    }
}

extension RawJSON: Encodable {
    /// The engine's encoder splices the bytes; any other encoder gets the value.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}
