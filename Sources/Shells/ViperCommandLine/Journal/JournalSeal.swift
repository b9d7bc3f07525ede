import Crypto
import Foundation

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
    private let key: SymmetricKey

    /// The seal of a new journal, with a key of its own.
    static func new() -> JournalSeal {
        JournalSeal(key: SymmetricKey(size: .bits256))
    }

    private init(key: SymmetricKey) {
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
        SHA256.hash(data: Data(resumeKey.utf8)).map { byte in
            let text = String(byte, radix: 16)
            return byte < 16 ? "0" + text : text
        }.joined()
    }

    /// This seal's key, sealed under `resumeKey` and `credential` for the journal `journal`.
    func sealedKey(resumeKey: String, credential: String?, journal: String) throws -> [UInt8] {
        let data = key.withUnsafeBytes { Data($0) }
        return Array(try ChaChaPoly.seal(data, using: Self.keyEncryptionKey(resumeKey, credential), authenticating: Data(journal.utf8)).combined)
    }

    /// The seal whose key `sealed` holds, opened with `resumeKey` and `credential`; nil when they
    /// do not open it (another key, another server's token, or damaged bytes).
    static func open(sealedKey sealed: [UInt8], resumeKey: String, credential: String?, journal: String) -> JournalSeal? {
        guard let box = try? ChaChaPoly.SealedBox(combined: Data(sealed)),
            let data = try? ChaChaPoly.open(box, using: keyEncryptionKey(resumeKey, credential), authenticating: Data(journal.utf8)),
            data.count == 32
        else { return nil }
        return JournalSeal(key: SymmetricKey(data: data))
    }

    /// `text`, sealed; `context` (the journal and the entry's place) is bound to it, so that a
    /// sealed entry moved to another place or journal no longer opens.
    func seal(_ text: String, context: String) throws -> [UInt8] {
        Array(try ChaChaPoly.seal(Data(text.utf8), using: key, authenticating: Data(context.utf8)).combined)
    }

    /// What `sealed` holds, if this seal made it for `context`.
    func open(_ sealed: [UInt8], context: String) -> String? {
        guard let box = try? ChaChaPoly.SealedBox(combined: Data(sealed)),
            let data = try? ChaChaPoly.open(box, using: key, authenticating: Data(context.utf8))
        else { return nil }
        return String(data: data, encoding: .utf8)
    }

    private static func keyEncryptionKey(_ resumeKey: String, _ credential: String?) -> SymmetricKey {
        let credentialDigest = credential.map { Array(SHA256.hash(data: Data($0.utf8))) } ?? []
        return HKDF<SHA256>.deriveKey(
            inputKeyMaterial: SymmetricKey(data: Data(resumeKey.utf8)), salt: Data("viper journal key".utf8),
            info: Data(credentialDigest), outputByteCount: 32)
    }
}
