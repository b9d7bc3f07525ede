import ArgumentParser

/// `viper serve --listen`'s journals: whether sessions can be resumed after their connection or
/// their process is lost, and for how long.
struct JournalOptions: ParsableArguments {
    @Flag(
        inversion: .prefixedNo,
        help: ArgumentHelp(
            "Keep a journal of each WebSocket session in the database, so that a client whose connection broke, or whose process died, resumes it on any process of the same database (initialize's resumeKey and resume).",
            discussion: "On by default with --database; off by default with a SQLite file (--db), where only this process can resume. Goes with --listen."))
    var journal: Bool?

    @Option(help: ArgumentHelp(
        "How long a session's journal is kept after its last request: 90s, 30m, 24h, 7d.",
        valueName: "duration"))
    var journalExpiry = JournalLifetime.standard

    /// Whether sessions keep journals, given where the engine listens and keeps its data.
    func keepsJournals(listening: Bool, location: DatabaseLocation) throws -> Bool {
        if journal == true, !listening {
            throw ValidationError("--journal goes with --listen: over stdin and stdout, a session ends with its View and its process, and nothing could resume it")
        }
        if case .postgres = location { return journal ?? listening }
        return journal ?? false
    }
}

/// How long a journal is kept after its last entry, as typed: a number and a unit.
struct JournalLifetime: ExpressibleByArgument, Equatable {
    static let standard = JournalLifetime(seconds: 86_400, text: "24h")

    let seconds: Int64
    private let text: String

    private init(seconds: Int64, text: String) {
        self.seconds = seconds
        self.text = text
    }

    init?(argument: String) {
        let units: [Character: Int64] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
        guard let unit = argument.last.flatMap({ units[$0] }), let count = Int64(argument.dropLast()), count > 0,
            count <= Int64.max / unit / 1000
        else { return nil }
        self.init(seconds: count * unit, text: argument)
    }

    var duration: Duration { .seconds(seconds) }
    var defaultValueDescription: String { text }
}
