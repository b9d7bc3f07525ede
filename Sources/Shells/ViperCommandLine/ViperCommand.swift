import ArgumentParser
import ViperCore

/// The whole command of a host: the REPL by default, `serve`, `test`, `schema`, and the host's
/// own commands.
struct ViperCommand<Host: ViperHost>: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: Host.commandName,
            abstract: "Runs VIPER apps headlessly, so that any program can be their View.",
            discussion: """
                \(Host.discussion)

                Apps: \(HostedApps<Host>.names.joined(separator: ", ")).

                REPL OPTIONS (\(Host.commandName) [options], the same as \(Host.commandName) repl [options]):
                \(REPLCommand<Host>.optionsHelp)
                """,
            version: EngineInfo.version,
            subcommands: [REPLCommand<Host>.self, Serve<Host>.self, TestCommand<Host>.self, SchemaCommand<Host>.self] + Host.commands,
            defaultSubcommand: REPLCommand<Host>.self
        )
    }
}
