/// The Poly1305 one-time authenticator (RFC 8439 §2.5), in five 26-bit limbs so that every
/// product fits in 64 bits, with no branch on a secret. It takes its input in blocks of 16 bytes
/// (`absorb`), then gives the tag (`finish`).
struct Poly1305 {
    private let r0, r1, r2, r3, r4: UInt64
    private let s: [UInt32]
    private var h0: UInt64 = 0, h1: UInt64 = 0, h2: UInt64 = 0, h3: UInt64 = 0, h4: UInt64 = 0

    /// How a short last block is filled to 16 bytes.
    enum LastBlock {
        /// A 1 after its last byte, then zeros: the message Poly1305 itself authenticates (§2.5).
        case markedEnd
        /// Zeros, and read as a whole block: how ChaCha20-Poly1305 pads each part (§2.8).
        case zeroPadded
    }

    private static let mask: UInt64 = 0x3ff_ffff

    /// `key` is 32 bytes, used for one message only: r (clamped) then s.
    init(key: [UInt8]) {
        precondition(key.count == 32, "Poly1305 takes a 32-byte one-time key")
        let words = littleEndianWords(of: key).map(UInt64.init)
        // r's clamping, in limbs: bits 0–25, 26–51, 52–77, 78–103, 104–127.
        r0 = words[0] & 0x3ff_ffff
        r1 = (words[0] >> 26 | words[1] << 6) & 0x3ff_ff03
        r2 = (words[1] >> 20 | words[2] << 12) & 0x3ff_c0ff
        r3 = (words[2] >> 14 | words[3] << 18) & 0x3f0_3fff
        r4 = (words[3] >> 8) & 0x00f_ffff
        s = words[4...].map { UInt32($0) }
    }

    /// The 16-byte tag of `message`.
    func tag(for message: [UInt8]) -> [UInt8] {
        var authenticator = self
        authenticator.absorb(message, lastBlock: .markedEnd)
        return authenticator.finish()
    }

    /// Takes `bytes` in blocks of 16, the last one filled as `lastBlock` says if it is short.
    mutating func absorb(_ bytes: [UInt8], lastBlock: LastBlock) {
        let wholeBlocks = bytes.count / 16
        bytes.withUnsafeBytes { bytes in
            for block in 0..<wholeBlocks {
                absorbBlock(UnsafeRawBufferPointer(rebasing: bytes[(16 * block)..<(16 * block + 16)]), highBit: 1 << 24)
            }
        }
        let rest = bytes[(16 * wholeBlocks)...]
        guard !rest.isEmpty else { return }
        var last = Array(rest)
        if lastBlock == .markedEnd { last.append(1) }
        last += repeatElement(0, count: 16 - last.count)
        last.withUnsafeBytes { absorbBlock($0, highBit: lastBlock == .markedEnd ? 0 : 1 << 24) }
    }

    /// h = (h + block) × r modulo 2^130 − 5; `highBit` is the block's 2^128, 2^24 in the top limb.
    private mutating func absorbBlock(_ block: UnsafeRawBufferPointer, highBit: UInt64) {
        let word = { (offset: Int) in UInt64(UInt32(littleEndian: block.loadUnaligned(fromByteOffset: offset, as: UInt32.self))) }
        let (w0, w1, w2, w3) = (word(0), word(4), word(8), word(12))
        h0 += w0 & Self.mask
        h1 += (w0 >> 26 | w1 << 6) & Self.mask
        h2 += (w1 >> 20 | w2 << 12) & Self.mask
        h3 += (w2 >> 14 | w3 << 18) & Self.mask
        h4 += (w3 >> 8) | highBit

        // A product's part above 2^130 comes back times 5, since 2^130 ≡ 5.
        let (s1, s2, s3, s4) = (r1 * 5, r2 * 5, r3 * 5, r4 * 5)
        var d0 = h0 * r0 + h1 * s4 + h2 * s3 + h3 * s2 + h4 * s1
        var d1 = h0 * r1 + h1 * r0 + h2 * s4 + h3 * s3 + h4 * s2
        var d2 = h0 * r2 + h1 * r1 + h2 * r0 + h3 * s4 + h4 * s3
        var d3 = h0 * r3 + h1 * r2 + h2 * r1 + h3 * r0 + h4 * s4
        var d4 = h0 * r4 + h1 * r3 + h2 * r2 + h3 * r1 + h4 * r0
        d1 += d0 >> 26; h0 = d0 & Self.mask
        d2 += d1 >> 26; h1 = d1 & Self.mask
        d3 += d2 >> 26; h2 = d2 & Self.mask
        d4 += d3 >> 26; h3 = d3 & Self.mask
        d0 = (d4 >> 26) * 5; h4 = d4 & Self.mask
        h0 += d0; h1 += h0 >> 26; h0 &= Self.mask
    }

    /// The tag: h reduced modulo 2^130 − 5, plus s, modulo 2^128.
    func finish() -> [UInt8] {
        let mask = Self.mask
        var (h0, h1, h2, h3, h4) = (h0, h1, h2, h3, h4)
        // Carry fully, then take h − p if h ≥ p, chosen by a mask rather than a branch.
        h2 += h1 >> 26; h1 &= mask
        h3 += h2 >> 26; h2 &= mask
        h4 += h3 >> 26; h3 &= mask
        h0 += (h4 >> 26) * 5; h4 &= mask
        h1 += h0 >> 26; h0 &= mask
        var g0 = h0 + 5
        var g1 = h1 + (g0 >> 26); g0 &= mask
        var g2 = h2 + (g1 >> 26); g1 &= mask
        var g3 = h3 + (g2 >> 26); g2 &= mask
        var g4 = (h4 + (g3 >> 26)) &- (1 << 26); g3 &= mask
        // g4 is negative (its top bit set) exactly when h < p.
        let keepH = 0 &- (g4 >> 63)
        let takeG = ~keepH
        g4 &= mask
        h0 = (h0 & keepH) | (g0 & takeG)
        h1 = (h1 & keepH) | (g1 & takeG)
        h2 = (h2 & keepH) | (g2 & takeG)
        h3 = (h3 & keepH) | (g3 & takeG)
        h4 = (h4 & keepH) | (g4 & takeG)

        // (h + s) modulo 2^128, in four 32-bit words. Added rather than or-ed, since h1 may
        // still hold a carry (2^26) when h < p was kept.
        let parts: [UInt64] = [
            h0 + ((h1 & 0x3f) << 26),
            (h1 >> 6) + ((h2 & 0xfff) << 20),
            (h2 >> 12) + ((h3 & 0x3_ffff) << 14),
            (h3 >> 18) + (h4 << 8),
        ]
        var tag: [UInt8] = []
        tag.reserveCapacity(16)
        var carry: UInt64 = 0
        for (part, sWord) in zip(parts, s) {
            let sum = part + UInt64(sWord) + carry
            tag.append(contentsOf: UInt32(truncatingIfNeeded: sum).littleEndianBytes)
            carry = sum >> 32
        }
        return tag
    }
}
