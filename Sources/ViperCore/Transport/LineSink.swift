/// Where a session writes its output, one protocol message per line.
public protocol LineSink: Sendable {
    /// Writes one line; `line` holds no newline. A sink may gather lines until `flush()`.
    func write(line: [UInt8])

    /// Sends on what was written: the session calls it whenever it is about to wait (for
    /// input, for a reply, for a server, for a timer), so no line ever waits for more input.
    func flush()

    /// The engine ends the session for a reason of its own (another connection resumed it): a
    /// transport that can tell its client why closes with it, and its input ends.
    func end(because reason: SessionEnd)
}

extension LineSink {
    /// Sinks that hand each line on as it is written have nothing to flush.
    public func flush() {}

    /// Sinks with no connection to close write nothing more, and let the input end by itself.
    public func end(because reason: SessionEnd) {}
}
