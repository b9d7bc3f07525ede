import ArgumentParser

/// `viper new`: a package of your own apps, or a module added to one of its apps.
struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Make a package of your own apps on viper, or add a module to one of its apps.",
        discussion: """
            Files come from Mustache templates and follow viper's own style. Nothing is half \
            written: files are made in a staging folder, then moved into place, or not at all. \
            docs/your-first-app.md walks from a new package to a two-scene app with a Service.

            Examples:
              viper new package Greeter
              cd Greeter && viper new module Settings --app greeter --presented
            """,
        subcommands: [NewPackageCommand.self, NewModuleCommand.self]
    )
}
