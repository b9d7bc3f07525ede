/// How many workspaces a server keeps data for, and how long a workspace's database stays open
/// with no session on it (`viper serve --max-workspaces`, `--workspace-idle`).
public struct WorkspaceLimits: Sendable, Equatable {
    /// The most workspaces whose data the server keeps, the default one included; a session
    /// naming one more is refused.
    public var maxWorkspaces: Int
    /// How long a workspace's database, and the sample server inside the engine that answers
    /// for it, stay open after its last session ended.
    public var idle: Duration

    /// 256 workspaces, each closed 30 seconds after its last session.
    public static let standard = WorkspaceLimits(maxWorkspaces: 256, idle: .seconds(30))

    /// At most `maxWorkspaces` workspaces, each closed `idle` after its last session.
    public init(maxWorkspaces: Int, idle: Duration) {
        self.maxWorkspaces = maxWorkspaces
        self.idle = idle
    }
}
