import Logging
import ViperCore

/// The command lines of `serve` that front ends spawn, read without ArgumentParser.
///
/// ArgumentParser reads a command line by reflection: each command, option group, option and
/// value type it meets is a first cast that the Swift runtime answers by walking every protocol
/// conformance of the binary, 12,400 of them. For `serve` that is about 45 million
/// instructions, more than half of what it takes to start and answer `initialize`
/// (BENCHMARKS.md). A front end that spawns `serve` for one session passes a database, perhaps
/// a log level, and nothing else: those command lines are read here. Any other (`--listen`, a
/// host's own options, `--help`, a mistake) is left to ArgumentParser, which alone explains
/// errors; so a value this path is unsure of sends the whole line there too.
enum ServeFastPath<Host: ViperHost> {
    /// The settings `arguments` (what follows the program's name) ask for, or nil when they
    /// are not a `serve` command line of this path's, or the host's options cannot be made
    /// without parsing (`HostOptions.unparsedDefaults`).
    static func settings(_ arguments: ArraySlice<String>) -> ServeSettings<Host>? {
        guard arguments.first == "serve" else { return nil }
        var values: [String: String] = [:]
        var allowsFaultInjection = false
        var rest = arguments.dropFirst()
        while let argument = rest.popFirst() {
            let (name, inlineValue) = split(argument)
            if name == "--enable-fault-injection" {
                guard inlineValue == nil, !allowsFaultInjection else { return nil }
                allowsFaultInjection = true
                continue
            }
            // A value that is empty or looks like an option is ArgumentParser's to judge.
            guard valueOptions.contains(name), values[name] == nil, let value = inlineValue ?? rest.popFirst(), !value.isEmpty,
                !value.hasPrefix("-")
            else { return nil }
            values[name] = value
        }
        var logLevel = Logger.Level.warning
        if let name = values["--log-level"] {
            guard let level = Logger.Level(rawValue: name) else { return nil }
            logLevel = level
        }
        guard let options = Host.Options.unparsedDefaults else { return nil }
        return ServeSettings(
            databasePath: values["--db"], databaseURL: values["--database"], options: options, web: nil, tokenFile: nil, journal: nil,
            journalExpiry: DurationArgument.day.duration, journalLimits: .standard, workspaceLimits: .standard,
            allowsFaultInjection: allowsFaultInjection, logLevel: logLevel)
    }

    /// The options this path reads that take a value.
    private static var valueOptions: Set<String> { ["--db", "--database", "--log-level"] }

    /// `--name=value` as its name and value; anything else as itself and no value.
    private static func split(_ argument: String) -> (name: String, value: String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}
