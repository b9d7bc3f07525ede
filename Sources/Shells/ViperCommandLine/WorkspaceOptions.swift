import ArgumentParser

/// `viper serve`'s bounds on workspaces, which clients make by naming them (`initialize`'s
/// `workspace`).
struct WorkspaceOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "The most workspaces whose data the server keeps, the default one included; a session naming one more is refused (initialize: invalidParams at params.workspace).",
        valueName: "count"))
    var maxWorkspaces = WorkspaceLimits.standard.maxWorkspaces

    @Option(help: ArgumentHelp(
        "How long a workspace's database file, and the sample server inside the engine that answers for it, stay open after its last session ended: 30s, 5m.",
        valueName: "duration"))
    var workspaceIdle = DurationArgument(seconds: 30, text: "30s")

    func validate() throws {
        guard maxWorkspaces >= 1 else { throw ValidationError("--max-workspaces must be at least 1 (the default workspace), not \(maxWorkspaces)") }
    }

    var limits: WorkspaceLimits {
        WorkspaceLimits(maxWorkspaces: maxWorkspaces, idle: workspaceIdle.duration)
    }
}
