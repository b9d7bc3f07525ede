import ArgumentParser
import ViperCore

/// `viper serve --listen`'s journals: whether sessions can be resumed after their connection or
/// their process is lost, for how long after they end, and how long a journal may grow.
struct JournalOptions: ParsableArguments {
    @Flag(
        inversion: .prefixedNo,
        help: ArgumentHelp(
            "Keep a journal of each WebSocket session in the database, so that a client whose connection broke, or whose process died, resumes it on any process of the same database (initialize's resumeKey and resume).",
            discussion: "On by default with --database; off by default with a SQLite file (--db), where processes on that file (this one, or the same command started again) can resume. Goes with --listen."))
    var journal: Bool?

    @Option(help: ArgumentHelp(
        "How long a session's journal is kept after the session ended (a live session's is kept as long as it lives): 90s, 30m, 24h, 7d; at most 365d.",
        valueName: "duration"))
    var journalExpiry = DurationArgument.day

    @Option(help: ArgumentHelp(
        "The most entries a journal holds after its app last started; past it, the session goes on but cannot be resumed until it starts an app again.",
        valueName: "count"))
    var journalMaxEntries = JournalLimits.standard.maxEntries

    @Option(help: ArgumentHelp(
        "The most bytes a journal holds after its app last started (4194304 is 4 MiB), with the same effect past it.",
        valueName: "bytes"))
    var journalMaxBytes = JournalLimits.standard.maxBytes

    func validate() throws {
        guard journalMaxEntries >= 1 else { throw ValidationError("--journal-max-entries must be at least 1, not \(journalMaxEntries)") }
        guard journalMaxBytes >= 1024 else { throw ValidationError("--journal-max-bytes must be at least 1024, not \(journalMaxBytes)") }
    }

    /// The bounds each journal keeps to.
    var limits: JournalLimits {
        JournalLimits(maxEntries: journalMaxEntries, maxBytes: journalMaxBytes)
    }
}
