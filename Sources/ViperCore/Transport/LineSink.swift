/// Where a session writes its output, one protocol message per line.
public protocol LineSink: Sendable {
    /// Writes one line; `line` holds no newline.
    func write(line: [UInt8])
}
