import ArgumentParser
import ViperCore

/// The whole command of a host: the REPL by default, `serve`, `test`, `schema`, `mcp`, and the host's
/// own commands.
struct ViperCommand<Host: ViperHost>: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: Host.commandName,
            abstract: "Runs VIPER apps headlessly, so that any program can be their View.",
            discussion: asksForHelp ? helpDiscussion : Host.discussion,
            version: EngineInfo.version,
            subcommands: [REPLCommand<Host>.self, Serve<Host>.self, TestCommand<Host>.self, SchemaCommand<Host>.self, MCPCommand<Host>.self, ExploreCommand<Host>.self] + Host.commands,
            defaultSubcommand: REPLCommand<Host>.self
        )
    }

    /// What `--help` says below the abstract: the apps, and the REPL's options, which
    /// ArgumentParser shows only in a default subcommand's own help.
    private static var helpDiscussion: String {
        """
        \(Host.discussion)

        Apps: \(HostedApps<Host>.names.joined(separator: ", ")).

        The REPL's options (\(Host.commandName) [options], the same as \(Host.commandName) repl [options]):

        \(REPLCommand<Host>.optionsHelp)
        """
    }

    /// Whether the command line asks for help (`--help`, `-h`, `help`, ArgumentParser's dump), the only time the
    /// discussion is shown. ArgumentParser reads `configuration` to parse any command line, and
    /// making the apps (for their names) and the REPL's help text (through ArgumentParser's
    /// reflection on its options) was 87 of the 125 million instructions of a cold start
    /// (callgrind; BENCHMARKS.md).
    private static var asksForHelp: Bool {
        let arguments = CommandLine.arguments.dropFirst()
        return arguments.first == "help" || arguments.contains { ["--help", "-h", "--experimental-dump-help"].contains($0) }
    }
}
