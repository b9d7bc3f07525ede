/// Whether the live feed hears new messages.
enum ChatFeedStatus: Sendable, Equatable {
    /// Polling: new messages arrive as they are sent.
    case live
    /// A poll failed; the feed tries again after `retryIn`.
    case interrupted(ChatFailure, retryIn: Duration)
}
