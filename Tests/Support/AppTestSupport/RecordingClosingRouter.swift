/// A Router whose one route is `close()`: it counts the closes and notes `close` in `log`.
/// Each app's tests make it their Router by conformance (`extension RecordingClosingRouter:
/// ChatConversationRouting {}`).
public final class RecordingClosingRouter: Sendable {
    private let closes: CallRecorder<Void>

    public init(log: EventLog? = nil) {
        closes = CallRecorder(log: log)
    }

    /// How many times `close()` was called.
    public var closeCount: Int { closes.all.count }

    public func close() async {
        closes.record((), noting: "close")
    }
}
