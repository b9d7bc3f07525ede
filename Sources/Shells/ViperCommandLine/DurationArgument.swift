import ArgumentParser

/// A duration as an option takes it: a whole number and a unit, `90s`, `30m`, `24h`, `7d`, at
/// most a year: beyond that a bound no longer bounds anything, and the instants it is added to
/// would overflow.
struct DurationArgument: ExpressibleByArgument, Equatable {
    /// A day, written `24h`.
    static let day = DurationArgument(seconds: 86_400, text: "24h")
    /// The longest, in seconds.
    static let longest: Int64 = 365 * 86_400

    let seconds: Int64
    private let text: String

    /// `seconds`, shown as `text` in the help.
    init(seconds: Int64, text: String) {
        self.seconds = seconds
        self.text = text
    }

    init?(argument: String) {
        let units: [Character: Int64] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
        guard let unit = argument.last.flatMap({ units[$0] }), let count = Int64(argument.dropLast()), count > 0,
            count <= Self.longest / unit
        else { return nil }
        self.init(seconds: count * unit, text: argument)
    }

    var duration: Duration { .seconds(seconds) }
    var defaultValueDescription: String { text }
}
