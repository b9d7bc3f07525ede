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
        /// Not played, for the reason given: it was written for another engine
        /// (`$ ProbeServer serve`), which only `--exec` starts.
        case skipped(String)
    }

    /// The transcript's path, as given.
    public let path: String
    /// Whether it passed, was updated, or failed.
    public let outcome: Outcome
    /// Why it failed: the step, the request and a diff; nil when it did not fail.
    public let failure: TranscriptFailure?
    /// How long it took.
    public let duration: Duration
    /// The transcript's new text when `--update` changed it.
    let rewrittenText: String?
    /// Every line the engine wrote, with the method of the request its step sent.
    var wire: [WireLogEntry] = []

    /// Whether the transcript counts as passed.
    public var passed: Bool {
        switch outcome {
        case .passed, .updated: true
        case .failed, .skipped: false
        }
    }

    /// The same run, failed with `failure`.
    func with(failure: TranscriptFailure) -> TranscriptResult {
        var failed = TranscriptResult(path: path, outcome: .failed, failure: failure, duration: duration, rewrittenText: nil)
        failed.wire = wire
        return failed
    }

    /// Whether the transcript was not played.
    public var skipped: Bool {
        if case .skipped = outcome { true } else { false }
    }
}

/// One line an engine wrote while a transcript played, for checking it against the protocol's
/// schema (`viper test --wire-log`).
public struct WireLogEntry: Sendable {
    /// The line as written.
    public let line: String
    /// The method of the request the line's step sent (for a reply step, of the request the
    /// reply lets go on); nil for raw lines and waits.
    public let method: String?
}
