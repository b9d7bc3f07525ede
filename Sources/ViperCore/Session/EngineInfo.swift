/// What the engine reports about itself in `initialize`, and its fixed limits.
public enum EngineInfo {
    /// The engine's name.
    public static let name = "viper"
    /// The engine's version.
    public static let version = "0.1.0"
    /// The newest version of the wire protocol in protocol.md; the engine speaks every earlier
    /// one too, as `initialize` asks.
    public static let protocolVersion = ProtocolVersion.newest.rawValue
    /// The longest line the engine reads, in bytes without the newline: 1 MiB. Longer lines are
    /// skipped and answered with a `lineTooLong` error.
    public static let maxLineBytes = 1 << 20
}
