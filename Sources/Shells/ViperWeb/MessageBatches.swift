/// How a connection's messages reach its session: in batches (those one read of the socket
/// brought, up to `messagesPerBatch`), and while the session has not taken `batchesInFlight`
/// of them, no more reading, so that a client that pours in requests is slowed by TCP, never
/// buffered without bound. A value that says when to hand a batch on and when to read; the
/// handler does the handing and the reading.
struct MessageBatches {
    let messagesPerBatch: Int
    let batchesInFlight: Int
    /// The batch being filled by the current read.
    private var batch: [WebSocketMessage] = []
    /// Batches handed on that the session has yet to take.
    private(set) var waiting = 0
    /// A read the pipeline asked for while paused, to make once a batch is taken.
    private var readHeld = false

    init(messagesPerBatch: Int, batchesInFlight: Int) {
        self.messagesPerBatch = messagesPerBatch
        self.batchesInFlight = batchesInFlight
    }

    /// Adds a message; returns the batch to hand on when it is full.
    mutating func add(_ message: WebSocketMessage) -> [WebSocketMessage]? {
        batch.append(message)
        return batch.count >= messagesPerBatch ? handOn() : nil
    }

    /// The read ended: returns what it brought, if anything, to hand on.
    mutating func readEnded() -> [WebSocketMessage]? {
        batch.isEmpty ? nil : handOn()
    }

    /// Forgets the batch being filled: its messages will not be carried out.
    mutating func discard() {
        batch = []
    }

    /// The pipeline asks for a read: whether to read now, or hold it until a batch is taken.
    mutating func shouldRead() -> Bool {
        guard waiting >= batchesInFlight else { return true }
        readHeld = true
        return false
    }

    /// The session took a batch: whether to make the read that was held.
    mutating func batchTaken() -> Bool {
        waiting -= 1
        guard readHeld && waiting < batchesInFlight else { return false }
        readHeld = false
        return true
    }

    private mutating func handOn() -> [WebSocketMessage] {
        defer { batch = [] }
        waiting += 1
        return batch
    }
}
