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
    /// The longest line the engine writes, in bytes without the newline: 8 MiB. A view model
    /// is as large as what it shows (a list of 10,000 ToDos is 1.6 MB), so output is not held
    /// to the input's limit; but a View must know what it has to take, and a WebSocket client
    /// is cut off past 16 MiB unread. A render or response that would be longer is not written:
    /// the request is answered with an `outputTooLarge` error instead.
    public static let maxOutputLineBytes = 8 << 20
}
