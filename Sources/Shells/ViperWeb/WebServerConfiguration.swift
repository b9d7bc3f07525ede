import ViperCore

/// How `viper serve --listen` serves: where, to whom, and within what bounds.
public struct WebServerConfiguration: Sendable {
    /// The host and port to listen on, as `--listen` names them.
    public var address: ListenAddress
    /// The secret every session's upgrade carries; needed to listen beyond loopback.
    public var token: String?
    /// Browser origins let in besides the server's own page.
    public var allowedOrigins: Set<String>
    /// What the server and each of its connections may hold.
    public var limits: WebServerLimits
    /// The file where `dev` says how its last build went, served at `/dev-status` for the page
    /// to show as a banner; nil when not served by `dev`.
    public var devStatusFile: String?

    /// Serving on `address`; by default with no token, no other origins, the default limits and
    /// no `dev` status.
    public init(
        address: ListenAddress, token: String? = nil, allowedOrigins: Set<String> = [], limits: WebServerLimits = WebServerLimits(),
        devStatusFile: String? = nil
    ) {
        self.address = address
        self.token = token
        self.allowedOrigins = allowedOrigins
        self.limits = limits
        self.devStatusFile = devStatusFile
    }
}

/// What one server, and each of its connections, may hold.
public struct WebServerLimits: Sendable {
    /// Sessions open at once; one more connection is closed with 1013 and the reason.
    public var maxSessions: Int
    /// The longest message a client may send: the engine's line limit, as over stdio. A longer
    /// one fails the connection with 1009, judged by its frames' declared lengths.
    public var maxMessageBytes: Int
    /// How much may wait to be sent to a client that does not read before it is disconnected.
    public var maxUnsentBytes: Int
    /// Connections open at once that are not sessions (fetching the page, or before their
    /// upgrade); one more closes the one that has waited longest.
    public var maxWaitingConnections: Int
    /// The most bytes a request's headers may take; a longer head is answered 431.
    public var maxHeaderBytes: Int
    /// How long a connection may take to send a request head, from its opening or from the
    /// response before; then it is closed.
    public var requestHeadTimeout: Duration
    /// How long a session may take to begin (its conversation to say it has, `initialize` for
    /// an engine's) after the upgrade; then it is closed with 4002, and its place is free.
    public var initializeTimeout: Duration

    /// Limits of 1000 sessions, the engine's line limit per message, 16 MiB unsent, 512
    /// connections waiting, 16 KiB of headers sent within 10 seconds, sessions begun within 10
    /// seconds, unless given.
    public init(
        maxSessions: Int = 1000, maxMessageBytes: Int = EngineInfo.maxLineBytes, maxUnsentBytes: Int = 16 << 20,
        maxWaitingConnections: Int = 512, maxHeaderBytes: Int = 16 << 10, requestHeadTimeout: Duration = .seconds(10),
        initializeTimeout: Duration = .seconds(10)
    ) {
        self.maxSessions = maxSessions
        self.maxMessageBytes = maxMessageBytes
        self.maxUnsentBytes = maxUnsentBytes
        self.maxWaitingConnections = maxWaitingConnections
        self.maxHeaderBytes = maxHeaderBytes
        self.requestHeadTimeout = requestHeadTimeout
        self.initializeTimeout = initializeTimeout
    }
}
