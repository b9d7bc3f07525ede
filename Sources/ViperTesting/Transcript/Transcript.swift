import ViperCore

/// A golden file: what a View sent the engine and what the engine must answer, step by step.
///
/// docs/golden.md describes the format. A transcript keeps every line of its text, so that
/// `viper test --update` can rewrite expectations and leave comments and markers in place.
struct Transcript: Sendable {
    /// Where the transcript came from, as given (used in messages).
    let path: String
    /// Engine options the scenario needs, from its `$ viper serve …` line.
    let engineOptions: [String]
    /// The engine the transcript was written for, when its `$` line names one other than
    /// viper (`$ ProbeServer serve`): a runner for another program skips it.
    var program: String? = nil
    /// The invariants the transcript pins (`! check NAME`): checked at every step, and its
    /// steps need no expected lines.
    var checks: [Invariant] = []
    /// The lines before the first step, verbatim.
    let preamble: [String]
    /// The exchanges, in order.
    let steps: [TranscriptStep]
    /// Comment and blank lines after the last step, verbatim.
    let trailer: [String]
}
