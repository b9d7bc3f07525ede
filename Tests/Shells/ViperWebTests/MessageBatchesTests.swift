import Testing

@testable import ViperWeb

@Suite("Messages handed to the session in batches, and reading held while it falls behind")
struct MessageBatchesTests {
    private func message(_ number: Int) -> WebSocketMessage {
        WebSocketMessage(bytes: Array("\(number)".utf8), isText: true)
    }

    @Test("a batch goes on when it is full or when the read ends, never empty")
    func batching() {
        var batches = MessageBatches(messagesPerBatch: 2, batchesInFlight: 4)
        let add = { batches.add($0) }
        let readEnded = { batches.readEnded() }
        #expect(readEnded() == nil)
        #expect(add(message(1)) == nil)
        #expect(add(message(2)) == [message(1), message(2)])
        #expect(add(message(3)) == nil)
        #expect(readEnded() == [message(3)])
        #expect(batches.waiting == 2)
        #expect(add(message(4)) == nil)
        batches.discard()
        #expect(readEnded() == nil)
    }

    @Test("with batchesInFlight waiting, a read is held, and made once the session takes one")
    func backpressure() {
        var batches = MessageBatches(messagesPerBatch: 1, batchesInFlight: 2)
        let shouldRead = { batches.shouldRead() }
        let taken = { batches.batchTaken() }
        #expect(shouldRead())
        _ = batches.add(message(1))
        #expect(shouldRead())
        _ = batches.add(message(2))
        #expect(!shouldRead())
        #expect(taken())
        #expect(batches.waiting == 1)
        // No read was held any more: taking the next asks for none.
        #expect(!taken())
        #expect(shouldRead())
    }
}
