import AppTestSupport

@testable import ChatApp

/// The conversation's Router: counts the times it was asked to close, and notes `close` in `log`.
final class RecordingConversationRouter: ChatConversationRouting {
    private let closes: CallRecorder<Void>

    init(log: EventLog? = nil) {
        closes = CallRecorder(log: log)
    }

    /// How many times `close()` was called.
    var closeCount: Int { closes.all.count }

    func close() async {
        closes.record((), noting: "close")
    }
}
