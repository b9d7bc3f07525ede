/// Whether a session's journal keeps a request (`WireRequest.journaling`), so that a session
/// resumed on another process runs it again.
enum RequestJournaling: Sendable {
    /// The request changes the session (its stack, its clock, its data): a resumed session
    /// runs it again.
    case kept
    /// The request only reads the session, or is part of the conversation rather than of the
    /// session (the handshake, a cancellation, the end): there is nothing to run again.
    case notKept
}
