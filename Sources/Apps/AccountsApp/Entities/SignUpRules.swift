import ViperCore

/// The rules of a new account, checked as the user types (the server checks them again).
enum SignUpRules {
    static let usernameLength = 3...32
    static let minimumPasswordLength = 10

    /// A rule that a sign-up form breaks.
    enum Problem: Sendable, Equatable, CaseIterable {
        case username, displayName, password
    }

    /// The rules that `username` (already lowercased), `displayName` and a password of
    /// `passwordLength` characters break, in the order the form shows its fields.
    static func problems(username: String, displayName: String, passwordLength: Int) -> [Problem] {
        var problems: [Problem] = []
        // Bytes, not Characters: a letter with a combining accent is one Character that
        // compares between "a" and "z".
        if !usernameLength.contains(username.utf8.count) || !username.utf8.allSatisfy(isUsernameByte) { problems.append(.username) }
        if displayName.trimmingWhitespace.isEmpty { problems.append(.displayName) }
        if passwordLength < minimumPasswordLength { problems.append(.password) }
        return problems
    }

    private static func isUsernameByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
    }
}
