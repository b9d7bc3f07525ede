import ViperSeal

/// How a journal is kept from whoever reads the database: every entry, its header and its
/// receipts are sealed (ChaCha20-Poly1305) under the journal's own random key, and that key is
/// kept only sealed under one derived from the resume key (HKDF-SHA256), which the database
/// never holds: it finds a journal by the key's SHA-256. A secret a user typed, a token a server
/// answered, what a transaction read: none is readable without the key the client holds, and a
/// key stolen from a client opens one journal, once (it changes at each resume).
///
/// What the server was started with (`--token-file`'s token) goes into the derivation too: a
/// journal made under one token cannot be resumed by a server given another.
struct JournalSeal: Sendable {
    private let key: [UInt8]

    /// The seal of a new journal, with a key of its own.
    static func new() -> JournalSeal {
        JournalSeal(key: ChaCha20Poly1305.newKey())
    }

    private init(key: [UInt8]) {
        self.key = key
    }

    /// A new resume key: 128 random bits as 32 lowercase hexadecimal digits.
    static func newResumeKey() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let text = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - text.count) + text
        }.joined()
    }

    /// A random id: a journal's row, or a session's claim on it.
    static func newIdentifier() -> String {
        newResumeKey()
    }

    /// What the database finds a journal by: the SHA-256 of its resume key, in hexadecimal.
    static func digest(ofResumeKey resumeKey: String) -> String {
        SHA256.hash(resumeKey.utf8).map { byte in
            let text = String(byte, radix: 16)
            return byte < 16 ? "0" + text : text
        }.joined()
    }

    /// This seal's key, sealed under `resumeKey` and `credential` for the journal `journal`.
    func sealedKey(resumeKey: String, credential: String?, journal: String) -> [UInt8] {
        ChaCha20Poly1305.seal(key, key: Self.keyEncryptionKey(resumeKey, credential), authenticating: journal.utf8)
    }

    /// The seal whose key `sealed` holds, opened with `resumeKey` and `credential`; nil when they
    /// do not open it (another key, another server's token, or damaged bytes).
    static func open(sealedKey sealed: [UInt8], resumeKey: String, credential: String?, journal: String) -> JournalSeal? {
        guard let key = ChaCha20Poly1305.open(sealed, key: keyEncryptionKey(resumeKey, credential), authenticating: journal.utf8),
            key.count == ChaCha20Poly1305.keyByteCount
        else { return nil }
        return JournalSeal(key: key)
    }

    /// `text`, sealed; `context` (the journal and the entry's place) is bound to it, so that a
    /// sealed entry moved to another place or journal no longer opens.
    func seal(_ text: String, context: String) -> [UInt8] {
        ChaCha20Poly1305.seal(text.utf8, key: key, authenticating: context.utf8)
    }

    /// What `sealed` holds, if this seal made it for `context`.
    func open(_ sealed: [UInt8], context: String) -> String? {
        ChaCha20Poly1305.open(sealed, key: key, authenticating: context.utf8).flatMap { String(validating: $0, as: UTF8.self) }
    }

    private static func keyEncryptionKey(_ resumeKey: String, _ credential: String?) -> [UInt8] {
        let credentialDigest = credential.map { SHA256.hash($0.utf8) } ?? []
        return HKDFSHA256.deriveKey(
            inputKeyMaterial: resumeKey.utf8, salt: "viper journal key".utf8, info: credentialDigest,
            outputByteCount: ChaCha20Poly1305.keyByteCount)
    }
}
