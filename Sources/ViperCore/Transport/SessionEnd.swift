/// Why the engine ends a session that its client has not left.
public enum SessionEnd: Sendable, Equatable {
    /// Another connection resumed the session (`initialize {"resume": KEY}`): one View drives a
    /// session at a time.
    case resumedElsewhere

    /// What the client is told.
    public var reason: String {
        switch self {
        case .resumedElsewhere: "this session was resumed on another connection"
        }
    }
}
