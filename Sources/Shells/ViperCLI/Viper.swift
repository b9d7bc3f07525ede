import ArgumentParser
import ViperCommandLine
import ViperCore

/// The `viper` command: the composition root that hosts the apps of this repository on the
/// engine, with the sample server their Services reach when no option names another server.
@main
enum Viper: ViperHost {
    static let commandName = "viper"

    static let discussion = """
        The engine holds each session's navigation stack of live modules. Views send user \
        events as JSON lines; Interactors run the business rules, Presenters answer with view \
        models, and Routers navigate between modules. `viper serve` speaks the wire protocol \
        (protocol.md); `viper test` plays golden-file transcripts against it (docs/golden.md); \
        `viper` alone opens the REPL, to explore the apps by hand; `viper new` makes a package \
        of your own apps on viper (docs/your-first-app.md).
        """

    static let optionsTitle = "Servers"

    static func apps(options: ServiceOptions, resources: AppResources) -> [HostedApp] {
        ViperApps.apps(services: options, resources: resources)
    }

    static var commands: [any ParsableCommand.Type] { [SampleServerCommand.self, NewCommand.self] }

    static func terminalEditor(_ setup: TerminalEditorSetup) -> (any LineEditor)? {
        ReadlineEditor(historyFile: setup.historyFile, remembers: setup.remembers, complete: setup.complete, describe: setup.describe)
    }

    static let terminalEditorName = "GNU readline"
}
