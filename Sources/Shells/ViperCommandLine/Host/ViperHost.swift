public import ArgumentParser
public import ViperCore
public import ViperStore
public import ViperTesting

/// A program built on viper: the apps it hosts and how each is made for a session.
///
/// Mark a conforming type `@main` and it is the whole command: the REPL (what the command runs
/// alone), `serve` (with `--listen`: WebSocket sessions and the browser page), `test` (golden
/// transcripts), `schema` and `mcp` (an AI agent as the View). `viper` itself is one such
/// program (Sources/Shells/ViperCLI):
///
///     @main
///     enum Greeter: ViperHost {
///         static let commandName = "greeter"
///         static func apps(options: NoHostOptions, resources: AppResources) -> [HostedApp] {
///             [HostedApp(GreeterApp.self, migrations: GreeterApp.migrations) { environment in
///                 GreeterApp(database: try resources.database(for: environment))
///             }]
///         }
///     }
public protocol ViperHost: SendableMetatype {
    /// Options of the host's own, which `serve`, the REPL and a transcript's `$ viper serve`
    /// line take: where the apps' servers are, say.
    associatedtype Options: HostOptions = NoHostOptions

    /// The command's name, as typed (`greeter`): help, messages, and the folders of its data
    /// (`~/.local/share/greeter/greeter.sqlite`) and REPL history use it.
    static var commandName: String { get }

    /// What the command's help says about it, below its one-line abstract.
    static var discussion: String { get }

    /// The title of `Options` in help.
    static var optionsTitle: String { get }

    /// The hosted apps, for one engine, each with its migrations; `resources` gives their
    /// databases, which open with every hosted app's migrations run.
    static func apps(options: Options, resources: AppResources) throws -> [HostedApp]

    /// Commands the host adds beside the REPL, `serve`, `test`, `schema` and `mcp`.
    static var commands: [any ParsableCommand.Type] { get }

    /// The REPL's line editor when a person types at a terminal; nil reads plain lines, with the
    /// prompt but without history or completion. viper plugs GNU readline here: readline is
    /// GPL, so only an executable links it, never this library.
    static func terminalEditor(_ setup: TerminalEditorSetup) -> (any LineEditor)?

    /// What the REPL's help calls that editor (`GNU readline`).
    static var terminalEditorName: String { get }
}

extension ViperHost {
    public static var discussion: String {
        """
        The engine holds each session's navigation stack of live modules. Views send user events \
        as JSON lines; Interactors run the business rules, Presenters answer with view models, \
        and Routers navigate between modules. `\(commandName) serve` speaks viper's wire \
        protocol; `\(commandName) test` plays golden-file transcripts against it; \
        `\(commandName)` alone opens the REPL, to explore the apps by hand.
        """
    }

    public static var optionsTitle: String { "Options of \(commandName)" }

    public static var commands: [any ParsableCommand.Type] { [] }

    public static func terminalEditor(_ setup: TerminalEditorSetup) -> (any LineEditor)? { nil }

    public static var terminalEditorName: String { "the terminal's own editing (no history, no Tab completion)" }

    /// The engine `test` plays transcripts on in this process: each transcript's session has an
    /// empty database of its own, and takes the options its `$ viper serve` line gives. A
    /// package's own Swift tests can play its transcripts on it (`TranscriptRunner`).
    public static var transcriptEngine: TranscriptEngine { HostedApps<Self>.transcriptEngine }

    /// Parses the process's arguments and runs the command they name: what `@main` calls. The
    /// command lines a front end spawns `serve` with are read without ArgumentParser
    /// (`ServeFastPath`), which would take most of the time to a first answer.
    @concurrent public static func main() async {
        if ViperCommand<Self>.asksForTopLevelHelp(CommandLine.arguments.dropFirst()) {
            print(ViperCommand<Self>.topLevelHelp)
            return
        }
        if let settings = ServeFastPath<Self>.settings(CommandLine.arguments.dropFirst()) {
            do {
                try await settings.run()
            } catch {
                ViperCommand<Self>.exit(withError: error)
            }
            return
        }
        await ViperCommand<Self>.main()
    }
}
