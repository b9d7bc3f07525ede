/// A request sent after each fuzzed line: every session answers it, whatever state the line
/// left it in (`notInitialized`, `shutDown` and all), so its response marks where the line's
/// own output ends.
enum Probe {
    static let idPrefix = "fuzz-probe-"

    static func line(_ index: Int) -> [UInt8] {
        Array(#"{"jsonrpc":"2.0","id":"\#(idPrefix)\#(index)","method":"engine.state"}"#.utf8)
    }

    /// The lines, each followed by its probe, as the bytes of one input stream.
    static func interleave(_ lines: [[UInt8]]) -> [UInt8] {
        var stream: [UInt8] = []
        for (index, line) in lines.enumerated() {
            stream += line
            stream.append(UInt8(ascii: "\n"))
            stream += Self.line(index)
            stream.append(UInt8(ascii: "\n"))
        }
        return stream
    }
}
