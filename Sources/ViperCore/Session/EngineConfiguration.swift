public import Logging

/// What an engine hosts and how it behaves; the composition root fills it in.
public struct EngineConfiguration: Sendable {
    /// The apps sessions can start.
    public var apps: [AppFactory]
    /// Whether `debug.injectFault` exists, for tests of failure stories.
    public var allowsFaultInjection: Bool
    /// Where the engine logs; never stdout, which carries the protocol.
    public var logger: Logger
    /// How Services reach servers, unless a client performs HTTP itself.
    public var httpClient: any HTTPClient
    /// Where sessions keep journals to resume from, on this process or another; nil keeps
    /// none (stdio, and served engines without `--journal`).
    public var journals: (any SessionJournals)?
    /// Which workspaces sessions may work in; nil lets them name any.
    public var workspaces: (any WorkspaceAdmission)?

    /// An engine hosting `apps`, without fault injection unless asked, reaching servers with
    /// URLSession unless told otherwise.
    public init(
        apps: [AppFactory], allowsFaultInjection: Bool = false, logger: Logger = Logger(label: "viper"),
        httpClient: any HTTPClient = URLSessionHTTPClient(), journals: (any SessionJournals)? = nil,
        workspaces: (any WorkspaceAdmission)? = nil
    ) {
        self.apps = apps
        self.allowsFaultInjection = allowsFaultInjection
        self.logger = logger
        self.httpClient = httpClient
        self.journals = journals
        self.workspaces = workspaces
    }
}

extension Logger {
    /// A logger that writes nothing: for engines in tests, whose expected failures would
    /// otherwise fill the test output with warnings.
    package static let discarding = Logger(label: "viper", factory: { _ in SwiftLogNoOpLogHandler() })
}
