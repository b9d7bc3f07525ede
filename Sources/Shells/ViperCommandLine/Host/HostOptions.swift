public import ArgumentParser

/// The options a host adds to `serve`, the REPL and transcripts (`ViperHost.Options`).
public protocol HostOptions: ParsableArguments, Sendable {
    /// The options as they would be typed, for the `$ viper serve` line of a transcript the REPL
    /// records, so that it replays with the same options.
    var arguments: [String] { get }

    /// The options as a command line that names none of them gives them, made without
    /// parsing, or nil when they cannot be. With them, `serve --db PATH` starts without
    /// ArgumentParser, whose reflection is most of a cold start (ServeFastPath). Each
    /// `@Option` is assigned its default: one left unassigned stops the process when read.
    static var unparsedDefaults: Self? { get }
}

extension HostOptions {
    public static var unparsedDefaults: Self? { nil }
}

/// A host without options of its own.
public struct NoHostOptions: HostOptions {
    public var arguments: [String] { [] }

    public static var unparsedDefaults: NoHostOptions? { NoHostOptions() }

    /// Options that add nothing to the command line.
    public init() {}
}
