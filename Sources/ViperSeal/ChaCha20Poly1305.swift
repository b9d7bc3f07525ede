/// ChaCha20-Poly1305 (RFC 8439 §2.8), authenticated encryption with associated data, sealed as
/// swift-crypto's `ChaChaPoly.SealedBox.combined` is: nonce (12 bytes), ciphertext, tag (16).
/// Bytes sealed by one open with the other, both ways, which the tests check.
package enum ChaCha20Poly1305 {
    package static let keyByteCount = 32
    package static let nonceByteCount = 12
    package static let tagByteCount = 16

    /// A new random key, from the system's cryptographically secure generator.
    package static func newKey() -> [UInt8] {
        randomBytes(count: keyByteCount)
    }

    /// `plaintext` sealed under `key`, with `associatedData` bound to it (it must be given again
    /// to open), under a random nonce unless `nonce` is given.
    package static func seal(
        _ plaintext: some Collection<UInt8>, key: [UInt8], authenticating associatedData: some Collection<UInt8>, nonce: [UInt8]? = nil
    ) -> [UInt8] {
        precondition(key.count == keyByteCount, "ChaCha20-Poly1305 takes a 32-byte key")
        let nonce = nonce ?? randomBytes(count: nonceByteCount)
        let cipher = ChaCha20(key: key, nonce: nonce)
        let ciphertext = cipher.apply(to: plaintext, counter: 1)
        return nonce + ciphertext + tag(cipher: cipher, associatedData: Array(associatedData), ciphertext: ciphertext)
    }

    /// What `sealed` holds, if it was sealed under `key` with `associatedData`; nil for another
    /// key, other data, or bytes changed in any way.
    package static func open(_ sealed: [UInt8], key: [UInt8], authenticating associatedData: some Collection<UInt8>) -> [UInt8]? {
        guard key.count == keyByteCount, sealed.count >= nonceByteCount + tagByteCount else { return nil }
        let cipher = ChaCha20(key: key, nonce: sealed[..<nonceByteCount])
        let ciphertext = Array(sealed[nonceByteCount..<(sealed.count - tagByteCount)])
        let expected = tag(cipher: cipher, associatedData: Array(associatedData), ciphertext: ciphertext)
        // Every byte is compared, whatever the first difference, so that the time taken tells
        // nothing of how close a forged tag came.
        let difference = zip(expected, sealed.suffix(tagByteCount)).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) }
        guard difference == 0 else { return nil }
        return cipher.apply(to: ciphertext, counter: 1)
    }

    /// Poly1305 under the key stream's first block, over the data, the ciphertext (each padded to
    /// 16 bytes) and their lengths.
    private static func tag(cipher: ChaCha20, associatedData: [UInt8], ciphertext: [UInt8]) -> [UInt8] {
        var authenticator = Poly1305(key: Array(cipher.block(counter: 0).prefix(32)))
        authenticator.absorb(associatedData, lastBlock: .zeroPadded)
        authenticator.absorb(ciphertext, lastBlock: .zeroPadded)
        let lengths = [associatedData.count, ciphertext.count].flatMap { UInt64($0).littleEndianBytes }
        authenticator.absorb(lengths, lastBlock: .zeroPadded)
        return authenticator.finish()
    }

    /// `count` random bytes, eight from each draw (each draw is a system call).
    private static func randomBytes(count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        let words = (0..<(count + 7) / 8).map { _ in generator.next() as UInt64 }
        return Array(words.flatMap { $0.littleEndianBytes }.prefix(count))
    }
}
