/// The ChaCha20 stream cipher (RFC 8439 §2.3–2.4): a 256-bit key, a 96-bit nonce and a 32-bit
/// block counter. Only additions, rotations and exclusive-ors: no table and no branch on a secret,
/// so it takes the same time whatever the key.
struct ChaCha20 {
    /// The state before the rounds, block counter 0: the constants, the key, the counter, the nonce.
    private let initialState: [UInt32]

    /// `key` is 32 bytes, `nonce` 12.
    init(key: some Collection<UInt8>, nonce: some Collection<UInt8>) {
        precondition(key.count == 32 && nonce.count == 12, "ChaCha20 takes a 32-byte key and a 12-byte nonce")
        // "expand 32-byte k".
        initialState = [0x6170_7865, 0x3320_646e, 0x7962_2d32, 0x6b20_6574] + littleEndianWords(of: Array(key)) + [0] + littleEndianWords(of: Array(nonce))
    }

    /// The 64 bytes of key stream at block `counter`.
    func block(counter: UInt32) -> [UInt8] {
        apply(to: [UInt8](repeating: 0, count: 64), counter: counter)
    }

    /// `text` exclusive-ored with the key stream from block `counter` on: encryption and
    /// decryption alike.
    func apply(to text: some Collection<UInt8>, counter: UInt32) -> [UInt8] {
        var output = Array(text)
        output.withUnsafeMutableBufferPointer { output in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 16) { stream in
                var blockCounter = counter
                for blockStart in stride(from: 0, to: output.count, by: 64) {
                    keyStream(counter: blockCounter, into: stream)
                    for index in blockStart..<min(blockStart + 64, output.count) {
                        let offset = index - blockStart
                        output[index] ^= UInt8(truncatingIfNeeded: stream[offset >> 2] >> (8 * UInt32(offset & 3)))
                    }
                    blockCounter &+= 1
                }
            }
        }
        return output
    }

    /// The key stream's sixteen words at block `counter`: twenty rounds over the state, added to it.
    private func keyStream(counter: UInt32, into words: UnsafeMutableBufferPointer<UInt32>) {
        let state = initialState
        var (x0, x1, x2, x3, x4, x5, x6, x7) = (state[0], state[1], state[2], state[3], state[4], state[5], state[6], state[7])
        var (x8, x9, x10, x11, x12, x13, x14, x15) = (state[8], state[9], state[10], state[11], counter, state[13], state[14], state[15])
        for _ in 0..<10 {
            // A column round, then a diagonal round.
            Self.quarterRound(&x0, &x4, &x8, &x12)
            Self.quarterRound(&x1, &x5, &x9, &x13)
            Self.quarterRound(&x2, &x6, &x10, &x14)
            Self.quarterRound(&x3, &x7, &x11, &x15)
            Self.quarterRound(&x0, &x5, &x10, &x15)
            Self.quarterRound(&x1, &x6, &x11, &x12)
            Self.quarterRound(&x2, &x7, &x8, &x13)
            Self.quarterRound(&x3, &x4, &x9, &x14)
        }
        words[0] = x0 &+ state[0]; words[1] = x1 &+ state[1]; words[2] = x2 &+ state[2]; words[3] = x3 &+ state[3]
        words[4] = x4 &+ state[4]; words[5] = x5 &+ state[5]; words[6] = x6 &+ state[6]; words[7] = x7 &+ state[7]
        words[8] = x8 &+ state[8]; words[9] = x9 &+ state[9]; words[10] = x10 &+ state[10]; words[11] = x11 &+ state[11]
        words[12] = x12 &+ counter; words[13] = x13 &+ state[13]; words[14] = x14 &+ state[14]; words[15] = x15 &+ state[15]
    }

    private static func quarterRound(_ a: inout UInt32, _ b: inout UInt32, _ c: inout UInt32, _ d: inout UInt32) {
        a &+= b; d ^= a; d = d << 16 | d >> 16
        c &+= d; b ^= c; b = b << 12 | b >> 20
        a &+= b; d ^= a; d = d << 8 | d >> 24
        c &+= d; b ^= c; b = b << 7 | b >> 25
    }
}
