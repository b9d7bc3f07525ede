/// HKDF with SHA-256 (RFC 5869): a key of the length asked for, from key material that is not one.
package enum HKDFSHA256 {
    /// `outputByteCount` bytes (at most 255 × 32) drawn from `inputKeyMaterial`, bound to `salt`
    /// and `info`.
    package static func deriveKey(
        inputKeyMaterial: some Collection<UInt8>, salt: some Collection<UInt8>, info: some Collection<UInt8>, outputByteCount: Int
    ) -> [UInt8] {
        precondition((0...255 * SHA256.byteCount).contains(outputByteCount), "HKDF gives at most 8,160 bytes")
        // Extract; an empty salt is the same as 32 zeros, since HMAC pads its key with zeros.
        let pseudorandomKey = HMACSHA256.authenticationCode(for: inputKeyMaterial, key: salt)
        // Expand: T(i) = HMAC(PRK, T(i-1) | info | i).
        var output: [UInt8] = [], previous: [UInt8] = []
        var counter: UInt8 = 1
        while output.count < outputByteCount {
            previous = HMACSHA256.authenticationCode(for: previous + Array(info) + [counter], key: pseudorandomKey)
            output += previous
            counter &+= 1
        }
        return Array(output.prefix(outputByteCount))
    }
}
