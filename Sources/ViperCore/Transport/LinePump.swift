import Dispatch
import Foundation

/// Reads lines from a file descriptor on a thread of its own and hands them over in order, so
/// that the engine reads the View's next lines while it works on a request.
///
/// Lines come in batches: every complete line one read brought, up to `batchLines`, so that a
/// pipelined stream enters the session once per batch rather than once per line. At most
/// `bufferedBatches` batches wait to be taken; beyond that the thread stops reading, and a
/// client that pours input in is slowed by the pipe instead of filling the memory.
struct LinePump {
    let batches: AsyncStream<[LineReader.Line]>
    private let permits: DispatchSemaphore

    /// Starts reading `fileDescriptor` until its end, or until `signals` says stop.
    init(
        fileDescriptor: Int32, maxLineBytes: Int, stoppingAt signals: TerminationSignals?,
        batchLines: Int = 256, bufferedBatches: Int = 4
    ) {
        let (batches, continuation) = AsyncStream<[LineReader.Line]>.makeStream(bufferingPolicy: .unbounded)
        // Made empty and then given its permits: libdispatch traps when a semaphore is freed
        // holding fewer than it started with, as it would when the server stops taking lines.
        let permits = DispatchSemaphore(value: 0)
        for _ in 0..<bufferedBatches { permits.signal() }
        self.batches = batches
        self.permits = permits
        Thread.detachNewThread {
            var reader = LineReader(fileDescriptor: fileDescriptor, maxLineBytes: maxLineBytes, stoppingAt: signals)
            while let first = reader.next() {
                var batch = [first]
                while batch.count < batchLines, reader.hasCompleteLine, let line = reader.next() { batch.append(line) }
                permits.wait()
                continuation.yield(batch)
            }
            continuation.finish()
        }
    }

    /// A batch was taken: room for one more.
    func batchTaken() {
        permits.signal()
    }
}
