/// Where a session's lines go: a request's to the View at once; background work's after the
/// response of the request running then, so that a response closes everything its request
/// caused.
struct SessionWriter {
    let sink: any LineSink
    /// Lines background work wrote while a request ran.
    private var held: [[UInt8]] = []
    /// Whether lines are dropped: the session is being rebuilt from its journal, and the View
    /// sees only the result.
    var isMuted = false

    init(sink: any LineSink) {
        self.sink = sink
    }

    /// Writes `line` of work from `origin`; background work's waits when `holding` (a request
    /// runs that holds it), else goes out at once: no response would flush it.
    mutating func write(_ line: [UInt8], from origin: Origin, holding: Bool) {
        if isMuted { return }
        switch origin {
        case .request:
            sink.write(line: line)
        case .background where holding:
            held.append(line)
        case .background:
            sink.write(line: line)
            sink.flush()
        }
    }

    /// Writes what background work wrote while a request ran.
    mutating func releaseHeld() {
        guard !held.isEmpty else { return }
        for line in held { sink.write(line: line) }
        held.removeAll()
    }

    /// Sends everything written on: the session is about to wait.
    mutating func flush() {
        releaseHeld()
        sink.flush()
    }
}
