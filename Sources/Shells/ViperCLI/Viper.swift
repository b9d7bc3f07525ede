import ArgumentParser
import ViperCore

/// The `viper` command: the composition root that registers the apps and runs the engine.
@main
struct Viper: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "viper",
        abstract: "Runs VIPER apps headlessly, so that any program can be their View.",
        discussion: """
            The engine holds each session's navigation stack of live modules. Views send user \
            events as JSON lines; Interactors run the business rules, Presenters answer with view \
            models, and Routers navigate between modules. `viper serve` speaks the wire protocol \
            (protocol.md); `viper test` plays golden-file transcripts against it (docs/golden.md); \
            `viper` alone opens the REPL, to explore the apps by hand.

            Apps: \(AppCatalog.names.joined(separator: ", ")).

            REPL OPTIONS (viper [options], the same as viper repl [options]):
            \(REPLCommand.optionsHelp)
            """,
        version: EngineInfo.version,
        subcommands: [REPLCommand.self, Serve.self, TestCommand.self, SchemaCommand.self, SampleServerCommand.self],
        defaultSubcommand: REPLCommand.self
    )
}
