import ArgumentParser
import Foundation
import ViperCore

/// The whole command of a host: the REPL by default, `serve`, `test`, `schema`, `mcp`, `explore`,
/// `dev`, `typegen`, and the host's own commands.
struct ViperCommand<Host: ViperHost>: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: Host.commandName,
            abstract: "Runs VIPER apps headlessly, so that any program can be their View.",
            discussion: asksForHelp ? helpDiscussion : Host.discussion,
            version: EngineInfo.version,
            subcommands: [REPLCommand<Host>.self, Serve<Host>.self, TestCommand<Host>.self, SchemaCommand<Host>.self, MCPCommand<Host>.self, ExploreCommand<Host>.self, DevCommand<Host>.self, TypegenCommand<Host>.self] + Host.commands,
            defaultSubcommand: REPLCommand<Host>.self
        )
    }

    /// What `--help` says below the abstract: what the engine is, and the hosted apps.
    private static var helpDiscussion: String {
        """
        \(Host.discussion)

        Apps: \(HostedApps<Host>.names.joined(separator: ", ")).
        """
    }

    /// Whether `arguments` ask for the command's own help (`--help`, `-h`, `help` alone), not
    /// a subcommand's.
    static func asksForTopLevelHelp(_ arguments: ArraySlice<String>) -> Bool {
        arguments.count == 1 && ["--help", "-h", "help"].contains(arguments.first!)
    }

    /// The command's help as one page: what it is, how it is used and its commands (what
    /// ArgumentParser writes), then the options of the REPL, which is what the command runs
    /// with none: ArgumentParser shows a default subcommand's options only in its own help.
    static var topLevelHelp: String {
        let help = helpMessage(columns: 80).trimmingCharacters(in: .newlines)
        let see = "  See '\(Host.commandName) help <subcommand>' for detailed help."
        let usage = "USAGE: \(Host.commandName) <subcommand>"
        return """
            \(help.replacingOccurrences(of: "\n\n" + see, with: "").replacingOccurrences(of: usage, with: "USAGE: \(Host.commandName) [<subcommand>] [<options>]"))

            REPL OPTIONS (\(Host.commandName) [options], the same as \(Host.commandName) repl [options]):

            \(REPLCommand<Host>.optionsHelp)

            \(see.trimmingCharacters(in: .whitespaces))
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
