import ArgumentParser
import Foundation

/// How a session in this process starts, for the REPL and `mcp`: its clock, fixed when it
/// starts so that a recording replays, its time zone, locale and first weekday.
struct SessionOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Fix the session clock: an instant (2026-11-24T09:00:00Z), a day at this time of day (2026-11-24), a step from now (+1d, -3h, +30m) or now. Default: now.",
        valueName: "when"))
    var now: String?

    @Option(help: ArgumentHelp("The session's IANA time zone. Default: this machine's.", valueName: "zone"))
    var timeZone: String?

    @Option(help: ArgumentHelp("The session's locale, for names such as weekdays. Default: en_US.", valueName: "identifier"))
    var locale: String?

    @Option(help: ArgumentHelp("The first day of the week, 1 = Sunday … 7 = Saturday. Default: 1.", valueName: "day"))
    var firstWeekday: Int?

    func validate() throws {
        if let now, startInstant(now) == nil {
            throw ValidationError("--now must be an instant (2026-11-24T09:00:00Z), a day (2026-11-24), a step from now (+1d, -3h, +30m) or now, not '\(now)'")
        }
        if let timeZone, TimeZone(identifier: timeZone) == nil {
            throw ValidationError("--time-zone must be an IANA time zone such as Europe/Paris, not '\(timeZone)'")
        }
        if let firstWeekday, !(1...7).contains(firstWeekday) {
            throw ValidationError("--first-weekday must be 1 (Sunday) … 7 (Saturday), not \(firstWeekday)")
        }
        if let locale, !Locale.availableIdentifiers.contains(locale.replacingOccurrences(of: "-", with: "_")) {
            throw ValidationError("--locale must be a locale identifier such as en_US or fr_FR, not '\(locale)'")
        }
    }

    /// When the session's clock starts: `--now`, else the system clock.
    var start: Date { now.flatMap(startInstant) ?? Self.systemNow }

    /// The session's time zone's name: `--time-zone`, else this machine's.
    var timeZoneName: String { timeZone ?? Self.machineTimeZone }

    /// The system clock in whole seconds, so the clock reads well in transcripts.
    private static var systemNow: Date {
        Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
    }

    /// When `--now` sets the clock: the forms the REPL's `clock` takes, counted from the system clock.
    private func startInstant(_ text: String) -> Date? {
        ClockChange.instant(text, from: Self.systemNow, in: TimeZone(identifier: timeZoneName) ?? .gmt)
    }

    /// This machine's time zone, when it has an IANA name; else UTC.
    private static var machineTimeZone: String {
        let name = TimeZone.current.identifier
        return TimeZone(identifier: name) == nil ? "UTC" : name
    }
}
