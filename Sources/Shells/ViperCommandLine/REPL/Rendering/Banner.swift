import ViperCore
import ViperTesting

/// The welcome a person sees at a terminal: the version and the apps, what to type first, the
/// clock and where the data lives, in lines that fit a terminal of 80 columns however many apps
/// there are.
struct Banner {
    /// The command the REPL runs in (`viper`).
    let commandName: String
    let apps: [String]
    /// The clock, as `ClockText` says it.
    let clock: String
    /// The database file the session reads, when it is not in memory.
    let databaseFile: String?

    func text(style: TextStyle) -> String {
        let columns = 79
        let title = "\(commandName) \(EngineInfo.version) · apps: \(apps.joined(separator: ", "))"
        let titleLines = Box.wrapped(title, to: columns)
        let start = "start \(apps.first ?? "APP")"
        return ([style.bold(titleLines[0])] + titleLines.dropFirst().map { "  " + $0 } + [
            "Type " + style.bold(start) + " to begin, " + style.bold("help") + " for the commands; Tab completes.",
        ] + Box.wrapped("clock: \(clock)", to: columns).map(style.dim)
            + Box.wrapped("data: \(databaseFile ?? "in memory (--db PATH keeps it)")", to: columns).map(style.dim)
        ).joined(separator: "\n")
    }
}
