/// A data scope a session names in `initialize`: sessions of one workspace share their apps'
/// data, sessions of different workspaces see nothing of each other's.
public struct Workspace: Hashable, Sendable, CustomStringConvertible {
    /// The workspace of a session whose `initialize` names none.
    public static let `default` = Workspace(name: "default")!

    /// 1 to 64 lowercase ASCII letters, digits, `-` and `_`, starting with a letter or digit.
    public let name: String

    /// The rule `name` must follow, in words a client reads in the error.
    static let rule = "1 to 64 lowercase letters, digits, '-' or '_', starting with a letter or digit"

    /// The workspace called `name`, if the name follows the rule. The rule keeps names safe
    /// wherever a composition root uses them: in a file name, on a file system that ignores
    /// case, in a URL.
    public init?(name: String) {
        let bytes = Array(name.utf8)
        func isLetterOrDigit(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }
        guard (1...64).contains(bytes.count), isLetterOrDigit(bytes[0]),
            bytes.allSatisfy({ isLetterOrDigit($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") })
        else { return nil }
        self.name = name
    }

    public var description: String { name }
}
