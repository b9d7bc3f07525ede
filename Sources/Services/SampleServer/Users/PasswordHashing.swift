import CryptoExtras
import Foundation

/// How the sample server hashes passwords: salted scrypt, written as
/// `scrypt$N$r$p$SALT$HASH` (hex), so a stored hash says how to check it even after the
/// parameters change.
public struct PasswordHashing: Sendable {
    let rounds: Int
    let blockSize: Int
    let parallelism: Int

    /// scrypt's interactive-login parameters (N = 2^14, r = 8, p = 1): about 16 MiB and tens of
    /// milliseconds per hash, which is what makes a stolen table slow to crack.
    public static let standard = PasswordHashing(rounds: 1 << 14, blockSize: 8, parallelism: 1)
    /// N = 2^4: for tests that sign up many users, never for data that matters.
    public static let fast = PasswordHashing(rounds: 1 << 4, blockSize: 8, parallelism: 1)

    private static let saltBytes = 16
    private static let hashBytes = 32

    /// A new salted hash of `password`.
    func hash(_ password: String) throws -> String {
        let salt = (0..<Self.saltBytes).map { _ in UInt8.random(in: .min ... .max) }
        let derived = try Self.derive(password, salt: salt, rounds: rounds, blockSize: blockSize, parallelism: parallelism)
        return ["scrypt", String(rounds), String(blockSize), String(parallelism), salt.hexString, derived.hexString].joined(separator: "$")
    }

    /// Whether `password` is the one `stored` was made from; false for a hash it cannot read.
    /// The comparison takes as long whichever byte differs.
    static func verify(_ password: String, against stored: String) -> Bool {
        let parts = stored.split(separator: "$", omittingEmptySubsequences: false)
        guard parts.count == 6, parts[0] == "scrypt",
            let rounds = Int(parts[1]), let blockSize = Int(parts[2]), let parallelism = Int(parts[3]),
            let salt = [UInt8](hex: parts[4]), let expected = [UInt8](hex: parts[5]),
            let derived = try? derive(password, salt: salt, rounds: rounds, blockSize: blockSize, parallelism: parallelism)
        else { return false }
        return constantTimeEqual(derived, expected)
    }

    /// A hash checked when the username is unknown, so that an unknown user takes as long to
    /// refuse as a wrong password and the timing tells nothing.
    static let unknownUserHash = "scrypt$16384$8$1$00000000000000000000000000000000$0000000000000000000000000000000000000000000000000000000000000000"

    private static func derive(_ password: String, salt: [UInt8], rounds: Int, blockSize: Int, parallelism: Int) throws -> [UInt8] {
        let key = try KDF.Scrypt.deriveKey(
            from: Array(password.utf8), salt: salt, outputByteCount: hashBytes, rounds: rounds, blockSize: blockSize, parallelism: parallelism)
        return key.withUnsafeBytes { Array($0) }
    }

    private static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}
