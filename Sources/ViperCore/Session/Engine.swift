/// Hosts apps and opens sessions on them. State lives in sessions, never in the engine, so one
/// process can serve several independent sessions (the golden-file runner runs many at once).
public final class Engine: Sendable {
    /// What this engine hosts.
    public let configuration: EngineConfiguration

    /// An engine for `configuration`.
    public init(_ configuration: EngineConfiguration) {
        self.configuration = configuration
    }

    /// A new session that writes its output lines to `output`.
    public func makeSession(output: any LineSink) -> Session {
        Session(configuration: configuration, output: output)
    }
}
