/// A request the engine sent the client, and how to resume whoever waits for its reply.
struct PendingReply: Sendable {
    /// Reads the reply and resumes the waiter; throws, resuming nothing, when it cannot be read.
    let deliver: @Sendable (IncomingReply.Outcome) throws(ProtocolError) -> Void
    /// Resumes the waiter with a failure: the reply will never come.
    let fail: @Sendable (String) -> Void
    /// Resumes the waiter with `CancellationError`.
    let cancel: @Sendable () -> Void
    /// Whether the running request sent it, so that the session is settled while it waits.
    let countsForRequest: Bool
    /// The wait outside of the background work that sent it, which its reply wakes.
    var wakes: Int? = nil
}
