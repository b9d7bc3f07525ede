import FlyingFox
import Foundation

/// Joins a message's frames (RFC 6455 §5.4: a first frame, continuation frames, the last with
/// `fin`) into the bytes of one protocol message, keeping at most `limit` bytes of it.
struct MessageAssembly {
    enum Outcome: Equatable {
        /// More frames of this message are to come.
        case incomplete
        case complete([UInt8])
        /// The whole message was longer than the limit; its bytes were not kept.
        case oversized(Int)
        /// Frames that break the protocol; the connection ends with this reason.
        case outOfOrder(String)
    }

    let limit: Int
    private var bytes: [UInt8] = []
    private var length = 0
    private var inMessage = false

    init(limit: Int) {
        self.limit = limit
    }

    /// Takes a text, binary or continuation frame.
    mutating func add(_ frame: WSFrame) -> Outcome {
        if frame.opcode == .continuation {
            guard inMessage else { return .outOfOrder("a continuation frame came with no message to continue") }
        } else {
            guard !inMessage else { return .outOfOrder("a new message began before the last one ended") }
            inMessage = true
            bytes = []
            length = 0
        }
        length += frame.payload.count
        if length <= limit { bytes.append(contentsOf: frame.payload) } else { bytes = [] }
        guard frame.fin else { return .incomplete }
        inMessage = false
        defer { bytes = [] }
        return length <= limit ? .complete(bytes) : .oversized(length)
    }
}
