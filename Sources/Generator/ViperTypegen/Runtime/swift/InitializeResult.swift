/// What `initialize` answers.
public struct InitializeResult: Decodable, Sendable {
    /// The engine that answers.
    public struct Engine: Decodable, Sendable {
        /// Its name (`viper`, or a package's own command).
        public let name: String
        /// Its version.
        public let version: String
    }

    /// What the engine does for this client, and its limits.
    public struct Capabilities: Decodable, Sendable {
        /// The effects the engine leaves to this client.
        public let effects: [String]?
        /// Whether `debug.injectFault` exists.
        public let faultInjection: Bool
        /// The longest line the engine reads, in bytes.
        public let maxLineBytes: Int
    }

    /// How a resume went: the requests replayed, or the error that made the session a fresh one.
    public struct Resume: Decodable, Sendable {
        /// How many requests of the journal were replayed.
        public let replayed: Int
        /// Why the session is a fresh one, when it could not be resumed.
        public let error: ProtocolError?
    }

    /// The version the session speaks.
    public let protocolVersion: ProtocolVersion
    /// The engine that answers.
    public let engine: Engine
    /// The apps `start` takes.
    public let apps: [String]
    /// What the engine does for this client, and its limits.
    public let capabilities: Capabilities
    /// The key that resumes this session once, when the engine keeps journals.
    public let resumeKey: String?
    /// Present when `initialize` asked to resume.
    public let resume: Resume?
}
