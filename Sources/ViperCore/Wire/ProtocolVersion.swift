/// A version of the wire protocol a session speaks, chosen by `initialize`.
///
/// 1.1 is a superset of 1.0: a session that asked for 1.0 sees exactly the bytes it saw before
/// 1.1 existed, so everything 1.1 adds is gated on the session's version.
enum ProtocolVersion: String, Sendable, Comparable, CaseIterable {
    case v1_0 = "1.0"
    case v1_1 = "1.1"

    /// What a session speaks when `initialize` names no version.
    static let newest = ProtocolVersion.v1_1

    static func < (left: ProtocolVersion, right: ProtocolVersion) -> Bool {
        allCases.firstIndex(of: left)! < allCases.firstIndex(of: right)!
    }
}
