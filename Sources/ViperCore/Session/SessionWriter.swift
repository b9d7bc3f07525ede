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
    /// Lines written from now on wait until the journal holds its entries up to this number.
    private var gatedThrough = 0
    /// The journal holds its entries up to this number.
    private var durableThrough = 0
    /// Lines waiting for the journal, each with the entry it waits for.
    private var gated: [(line: [UInt8], through: Int)] = []

    init(sink: any LineSink) {
        self.sink = sink
    }

    /// Writes `line` of work from `origin`; background work's waits when `holding` (a request
    /// runs that holds it), else goes out at once: no response would flush it.
    mutating func write(_ line: [UInt8], from origin: WorkOrigin, holding: Bool) {
        if isMuted { return }
        switch origin {
        case .request:
            deliver(line)
        case .background where holding:
            held.append(line)
        case .background:
            deliver(line)
            sink.flush()
        }
    }

    /// Writes what background work wrote while a request ran.
    mutating func releaseHeld() {
        guard !held.isEmpty else { return }
        for line in held { deliver(line) }
        held.removeAll()
    }

    /// Holds every line written from now on until the journal holds its entry `sequence`: a
    /// response, and what comes after it, never reaches a client before the request it answers
    /// is in the journal.
    mutating func gate(through sequence: Int) {
        gatedThrough = max(gatedThrough, sequence)
    }

    /// The journal holds its entries up to `sequence`: the lines that waited for them go out,
    /// in order.
    mutating func journalHolds(through sequence: Int) {
        durableThrough = max(durableThrough, sequence)
        let ready = gated.prefix { $0.through <= durableThrough }.count
        guard ready > 0 else { return }
        for (line, _) in gated.prefix(ready) { sink.write(line: line) }
        gated.removeFirst(ready)
        sink.flush()
    }

    /// The journal is another session's: what waited for it is dropped, never sent.
    mutating func discardGated() {
        gated.removeAll()
        gatedThrough = 0
        durableThrough = 0
    }

    /// The journal is written no more: nothing waits for it.
    mutating func ungate() {
        journalHolds(through: .max)
    }

    private mutating func deliver(_ line: [UInt8]) {
        if gatedThrough > durableThrough {
            gated.append((line, gatedThrough))
        } else {
            sink.write(line: line)
        }
    }

    /// Sends everything written on: the session is about to wait.
    mutating func flush() {
        releaseHeld()
        sink.flush()
    }
}
