/// Where a session writes its output, one protocol message per line.
public protocol LineSink: Sendable {
    /// Writes one line; `line` holds no newline. A sink may gather lines until `flush()`.
    func write(line: [UInt8])

    /// Sends on what was written: the session calls it whenever it is about to wait (for
    /// input, for a reply, for a server, for a timer), so no line ever waits for more input.
    func flush()
}

extension LineSink {
    /// Sinks that hand each line on as it is written have nothing to flush.
    public func flush() {}
}
