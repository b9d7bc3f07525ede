import Foundation
import ViperJSON

/// A session's journal as the session writes it: its writer, the next entry's number, what the
/// running request gathered for its entry, the entries waiting for the append in flight to end,
/// and whether the journal is within its limits. Its methods return what the session must do;
/// the writing itself is the session's (`Session+Journal`).
///
/// One operation is in flight at a time, and an append takes every entry that waits: while a
/// database round trip is under way, the requests that run meanwhile queue theirs, and the next
/// append writes them all in one transaction (a group commit of the session's own). The session
/// holds its output back until the entries it depends on are written (`SessionWriter.gate`), so
/// a client never sees the answer to a request its journal could lose. An append that fails is
/// tried again with what waited meanwhile; nothing is dropped but by the limits.
///
/// Bounded: past `limits` (entries or bytes since the last cut), what waits is dropped and the
/// journal is marked too long, so that a resume is refused with that reason rather than showing
/// a screen from before; from the next `app.start`, which cuts it, it is written again.
struct SessionJournal {
    /// What to write next.
    enum Operation: Equatable {
        /// Entries, after cutting those numbered below `cut`.
        case append([JournalEntry], cut: Int?)
        /// The journal is too long to resume; the output that waited through `through` may go
        /// once that is written.
        case markTooLong(through: Int)
    }

    /// How an operation ended.
    enum Ending {
        case written
        /// The journal is another session's now.
        case takenOver
        case failed
    }

    private enum State: Equatable {
        case writing
        /// Past the limits; `marked` once the database says so.
        case tooLong(marked: Bool)
        /// Taken over by another session: nothing is written any more.
        case stopped
    }

    let writer: any JournalWriter
    let limits: JournalLimits
    private(set) var nextSequence: Int
    private var state = State.writing
    /// The journaled request running now, whose entry is being gathered.
    private(set) var running: RunningEntry?
    /// Entries made while the running request ran, written with its own entry.
    private var gathered: [JournalRecord] = []
    /// Appends that failed in a row, for the delay before the next try.
    private var failures = 0
    /// Whether a write failed and its retry is not due yet: new entries wait for it.
    private var awaitsRetry = false
    /// Background work's entries made while a request ran: written right after that request's,
    /// so that the numbers a request's entry will get are known while it runs (`receipt`).
    private var deferred: [JournalRecord] = []
    /// Numbered entries waiting for the next append.
    private var waiting: [JournalEntry] = []
    /// Where the next append cuts the journal: the entries numbered below go.
    private var cut: Int?
    /// The operation in flight, kept until it is written: a receipt holds its entries too, and
    /// a failed one is tried again.
    private(set) var inFlight: Operation?
    /// Whether the journal must be marked too long once the operation in flight ends.
    private var markPending = false
    /// The number of the last entry dropped while the journal was not yet marked too long.
    private var droppedThrough = 0
    /// How many entries and bytes the journal holds, or will once what waits is written, since
    /// its last cut.
    private var length: (entries: Int, bytes: Int)

    /// The journal `writer` writes, whose next entry is numbered `nextSequence`, holding
    /// `entries` and `bytes` already.
    init(writer: any JournalWriter, limits: JournalLimits, nextSequence: Int, entries: Int = 0, bytes: Int = 0) {
        self.writer = writer
        self.limits = limits
        self.nextSequence = nextSequence
        length = (entries, bytes)
    }

    /// Whether entries are written: false once the journal is another session's.
    var isWriting: Bool { state != .stopped }

    /// Whether entries are kept: the journal is neither too long nor taken over.
    var isRecording: Bool { state == .writing }

    /// Whether nothing waits to be written and nothing is being written.
    var isSettled: Bool { inFlight == nil && waiting.isEmpty && !markPending }

    // MARK: - Entries

    /// A journaled request as it runs: what its entry will say of it, and where the session
    /// stood before it.
    struct RunningEntry {
        let method: String
        let params: JSONValue?
        /// The scenes of each kind opened before it, and the next id of a request to the client.
        let scenes: [String: Int]
        let nextReply: Int
        /// The instant the clock stood still at, if it did.
        let fixedClock: Date?
        /// When it began, by the session's clock.
        let startedAt: Date
        /// Whether a write of it carried a receipt: it committed something, and is journaled
        /// even if it fails or is cancelled afterwards.
        var wroteReceipt = false

        /// Its entry, with `gathered`: a started app's begins with the numbering and still
        /// clock of the cut it makes (written whether or not it succeeds, so that a receipt's
        /// numbers are those of the entry), then the call, at the instant it began when the
        /// clock follows the system's, then what came from outside.
        func records(gathered: [JournalRecord]) -> [JournalRecord] {
            var records: [JournalRecord] = []
            if method == AppStartRequest.method {
                records.append(.counters(scenes: scenes, nextReply: nextReply))
                if let fixedClock { records.append(.clock(fixedClock)) }
            }
            records.append(.call(method: method, params: params, at: fixedClock == nil ? startedAt : nil))
            return records + gathered
        }
    }

    /// A journaled request begins.
    mutating func begin(_ entry: RunningEntry) {
        running = entry
    }

    /// The running request ended; what was noted of it, taken.
    mutating func endRunning() -> RunningEntry? {
        defer { running = nil }
        return running
    }

    /// A write of the running request carried a receipt.
    mutating func noteReceipt() {
        running?.wroteReceipt = true
    }

    /// Keeps `record` for the running request's entry.
    mutating func gather(_ record: JournalRecord) {
        gathered.append(record)
    }

    /// Keeps background work's `record`, made while a request runs, for after that request's entry.
    mutating func holdUntilRequestEnds(_ record: JournalRecord) {
        deferred.append(record)
    }

    /// Takes what the running request gathered, and background work's records made meanwhile:
    /// it was cancelled, or its entry is being made.
    mutating func takeGathered() -> (request: [JournalRecord], background: [JournalRecord]) {
        defer {
            gathered.removeAll()
            deferred.removeAll()
        }
        return (gathered, deferred)
    }

    /// What the running request gathered so far.
    var gatheredSoFar: [JournalRecord] { gathered }

    /// Numbers `records` and queues them for the next append; with `cut`, the journal is cut
    /// before them, and a journal that was too long is written again. Returns the number the
    /// session's output must wait for, nil when it need not wait.
    mutating func enqueue(_ records: [JournalRecord], cut cutsBefore: Bool) -> Int? {
        guard !records.isEmpty, state != .stopped else { return nil }
        let first = nextSequence
        let entries = records.enumerated().map { JournalEntry(sequence: first + $0.offset, text: JSONWriter.string($0.element.json)) }
        nextSequence += entries.count
        let bytes = entries.reduce(0) { $0 + $1.text.utf8.count }
        if cutsBefore {
            state = .writing
            markPending = false
            cut = first
            waiting.removeAll { $0.sequence < first }
            length = (0, 0)
        }
        switch state {
        case .stopped:
            return nil
        case .tooLong(marked: true):
            return nil
        case .tooLong(marked: false):
            droppedThrough = nextSequence - 1
            return droppedThrough
        case .writing:
            guard length.entries + entries.count <= limits.maxEntries, length.bytes + bytes <= limits.maxBytes else {
                // Past the limits: what waits could not be resumed without what is dropped.
                state = .tooLong(marked: false)
                waiting.removeAll()
                cut = nil
                markPending = true
                droppedThrough = nextSequence - 1
                return droppedThrough
            }
            length.entries += entries.count
            length.bytes += bytes
            waiting += entries
            return nextSequence - 1
        }
    }

    // MARK: - Writing

    /// The next operation to write, taken; nil while one is in flight, nothing waits, or a
    /// failed write waits for its retry (unless this is the retry).
    mutating func startNext(retrying: Bool = false) -> Operation? {
        guard inFlight == nil, state != .stopped, !awaitsRetry || retrying else { return nil }
        awaitsRetry = false
        let next: Operation
        if markPending {
            markPending = false
            next = .markTooLong(through: droppedThrough)
        } else if !waiting.isEmpty {
            next = .append(waiting, cut: cut)
            waiting.removeAll()
            cut = nil
        } else {
            return nil
        }
        inFlight = next
        return next
    }

    /// The operation in flight ended as `ending`. Returns the number through which the
    /// session's output may go now, if any.
    mutating func ended(_ ending: Ending) -> Int? {
        guard let done = inFlight else { return nil }
        inFlight = nil
        switch ending {
        case .takenOver:
            stop()
            return nil
        case .failed:
            failures += 1
            awaitsRetry = true
            // Tried again with what waited meanwhile, a cut made since winning; not when the
            // journal went too long meanwhile (what waited is dropped, and the mark says so) or
            // was taken over.
            switch done {
            case .append(let entries, let doneCut) where state == .writing:
                let newest = cut ?? doneCut
                waiting = entries.filter { $0.sequence >= (newest ?? 0) } + waiting
                cut = newest
            case .append:
                break
            case .markTooLong:
                if state == .tooLong(marked: false) { markPending = true }
            }
            return nil
        case .written:
            failures = 0
            switch done {
            case .append(let entries, _):
                return entries.last?.sequence
            case .markTooLong(let through):
                if state == .tooLong(marked: false) { state = .tooLong(marked: true) }
                // What was dropped while the mark was in flight is covered by it too.
                return max(through, droppedThrough)
            }
        }
    }

    /// How long to wait before trying a failed write again: 0.1 s, doubling up to 2 s.
    var retryDelay: Duration {
        .milliseconds(min(2000, 100 << min(failures - 1, 5)))
    }

    /// Writes nothing more: the journal is another session's now.
    mutating func stop() {
        state = .stopped
        awaitsRetry = false
        waiting.removeAll()
        gathered.removeAll()
        deferred.removeAll()
        markPending = false
    }

    // MARK: - Receipts

    /// What a receipt written with a transaction of the running request holds: every entry not
    /// known to be written (the append in flight and those waiting), then the running request's
    /// own entry so far (`provisional`, numbered as they will be once it ends), and where the
    /// journal is cut. Nil when the journal keeps nothing now.
    func receipt(adding provisional: [JournalRecord], cutsBefore: Bool) -> (entries: [JournalEntry], cut: Int?)? {
        guard state == .writing else { return nil }
        var entries: [JournalEntry] = []
        var newestCut: Int?
        if case .append(let written, let writtenCut) = inFlight {
            entries += written
            newestCut = writtenCut
        }
        entries += waiting
        newestCut = cut ?? newestCut
        for (offset, record) in provisional.enumerated() {
            entries.append(JournalEntry(sequence: nextSequence + offset, text: JSONWriter.string(record.json)))
        }
        if cutsBefore { newestCut = nextSequence }
        if let newestCut { entries.removeAll { $0.sequence < newestCut } }
        return (entries, newestCut)
    }
}
