/// Words as the ciphers' specifications lay them out in bytes: ChaCha20 and Poly1305 least
/// significant byte first (RFC 8439), SHA-256 most significant first (FIPS 180-4).
extension FixedWidthInteger {
    var littleEndianBytes: [UInt8] {
        stride(from: 0, to: Self.bitWidth, by: 8).map { UInt8(truncatingIfNeeded: self >> $0) }
    }

    var bigEndianBytes: [UInt8] {
        stride(from: Self.bitWidth - 8, through: 0, by: -8).map { UInt8(truncatingIfNeeded: self >> $0) }
    }
}

/// `bytes` read as 32-bit words, least significant byte first; its count is a multiple of 4.
func littleEndianWords(of bytes: [UInt8]) -> [UInt32] {
    bytes.withUnsafeBytes { raw in
        stride(from: 0, to: raw.count, by: 4).map { UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: $0, as: UInt32.self)) }
    }
}
