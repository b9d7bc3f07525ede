public import ArgumentParser

/// The options a host adds to `serve`, the REPL and transcripts (`ViperHost.Options`).
public protocol HostOptions: ParsableArguments, Sendable {
    /// The options as they would be typed, for the `$ viper serve` line of a transcript the REPL
    /// records, so that it replays with the same options.
    var arguments: [String] { get }
}

/// A host without options of its own.
public struct NoHostOptions: HostOptions {
    public var arguments: [String] { [] }

    /// Options that add nothing to the command line.
    public init() {}
}
