/// HMAC with SHA-256 (RFC 2104), the pseudorandom function under HKDF.
package enum HMACSHA256 {
    /// The code that authenticates `message` under `key`.
    package static func authenticationCode(for message: some Collection<UInt8>, key: some Collection<UInt8>) -> [UInt8] {
        var block = key.count > SHA256.blockByteCount ? SHA256.hash(key) : Array(key)
        block.append(contentsOf: repeatElement(0, count: SHA256.blockByteCount - block.count))
        let inner = SHA256.hash(block.map { $0 ^ 0x36 } + Array(message))
        return SHA256.hash(block.map { $0 ^ 0x5c } + inner)
    }
}
