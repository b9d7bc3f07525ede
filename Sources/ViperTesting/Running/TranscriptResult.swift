import ViperCore

/// What came of running one transcript.
public struct TranscriptResult: Sendable {
    /// How the transcript ended.
    public enum Outcome: Sendable, Equatable {
        /// Every step answered as expected.
        case passed
        /// `--update` rewrote the expectations of this many steps; the file now matches.
        case updated(steps: Int)
        /// A step did not answer as expected, or the transcript could not run.
        case failed
    }

    /// The transcript's path, as given.
    public let path: String
    public let outcome: Outcome
    /// Why it failed: the step, the request and a diff; nil when it did not fail.
    public let failure: TranscriptFailure?
    /// How long it took.
    public let duration: Duration
    /// The transcript's new text when `--update` changed it.
    let rewrittenText: String?

    /// Whether the transcript counts as passed.
    public var passed: Bool { outcome != .failed }
}
