import ArgumentParser
import Foundation
import ViperGenerator

/// `viper new module NAME --app APP`.
struct NewModuleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "module",
        abstract: "Add a VIPER (or VIP) module to an app made by `viper new package`.",
        discussion: """
            Writes the module's role files under Sources/APPTARGET/NAME (contract with its events \
            and view model, Builder, Presenter, Interactor, Router; with --vip, the \
            Interactor takes the events and the flows, Assembly and View are added), its unit \
            tests under Tests/, and a transcript under examples/APP/, and adds the screen to the \
            app's home (AppScreens.swift): `openTapped screen=NAME` opens it.

            Example: viper new module Settings --app greeter --pushed --vip
            """
    )

    @Argument(help: ArgumentHelp("The module's name, a Swift type name such as Settings.", valueName: "name"))
    var name: String

    @Option(help: ArgumentHelp("The app to add it to: its name (greeter) or target (GreeterApp).", valueName: "app"))
    var app: String

    @Flag(help: "A VIP module: the Interactor takes the View's events. Default: VIPER, the Presenter does.")
    var vip = false

    @Flag(help: "How the home opens it: presented (the default, closed by dismissing) or pushed (closed by popping).")
    var navigation: Navigation = .presented

    @Option(help: ArgumentHelp("The package's folder. Default: the current one.", valueName: "folder"))
    var packagePath = "."

    func run() throws {
        let shape = ModuleShape(navigation: navigation == .pushed ? .pushed : .presented, vip: vip)
        do {
            let added = try ModuleGenerator().add(name, shape: shape, toApp: app, inPackageAt: URL(fileURLWithPath: packagePath).standardizedFileURL)
            // The screen's wire name is the transcript's: `Settings` opens as `settings`.
            let screen = added.written.first { $0.hasSuffix(".transcript") }.map { URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent }
            print(added.written.map { "wrote \($0)" }.joined(separator: "\n"))
            print("next: swift test; then swift run, start \(added.app), and openTapped \(screen ?? name)")
        } catch {
            throw ValidationError("\(error)")
        }
    }

    /// `--presented` or `--pushed`.
    enum Navigation: String, EnumerableFlag {
        case presented, pushed
    }
}
