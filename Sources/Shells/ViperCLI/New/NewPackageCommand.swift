import ArgumentParser
import Foundation
import ViperGenerator

/// `viper new package NAME`.
struct NewPackageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "package",
        abstract: "Make a SwiftPM package with one app, its command, tests and a golden transcript.",
        discussion: """
            NAME (a Swift type name, such as Greeter) names the package's folder, its app \
            (greeter, target GreeterApp), whose home is a VIPER module, and its command \
            (greeter, target GreeterCLI): viper's REPL, serve, test, schema and mcp for the app. \
            The package depends on viper by the folder of the checkout this viper was built in, \
            or by --viper-path or --viper-url.

            Then: cd NAME && swift test && swift run greeter
            """
    )

    @Argument(help: ArgumentHelp("The package's name, a Swift type name such as Greeter.", valueName: "name"))
    var name: String

    @Option(help: ArgumentHelp("The folder to make the package in. Default: the current one.", valueName: "folder"))
    var path = "."

    @Option(help: ArgumentHelp(
        "Depend on the viper checkout in this folder. Default: the checkout this viper was built in.", valueName: "folder"))
    var viperPath: String?

    @Option(help: ArgumentHelp("Depend on viper by this git URL instead of a folder (with --viper-version).", valueName: "url"))
    var viperURL: String?

    @Option(help: ArgumentHelp("The version of viper to depend on with --viper-url, as `from:` takes it.", valueName: "version"))
    var viperVersion = "1.0.0"

    func validate() throws {
        if viperPath != nil && viperURL != nil { throw ValidationError("give --viper-path or --viper-url, not both") }
    }

    func run() throws {
        let dependency: ViperDependency
        if let viperURL {
            dependency = .url(viperURL, from: viperVersion)
        } else if let viperPath {
            let folder = URL(fileURLWithPath: viperPath).standardizedFileURL
            guard FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) else {
                throw ValidationError("--viper-path \(viperPath) is not a viper checkout: it has no Package.swift")
            }
            dependency = .path(folder.path)
        } else {
            let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            guard let checkout = ViperDependency.checkout(containing: executable) else {
                throw ValidationError(GeneratorError.noViperCheckout().description)
            }
            dependency = checkout
        }
        do {
            let folder = try PackageGenerator().create(name, in: URL(fileURLWithPath: path).standardizedFileURL, viper: dependency)
            let command = folder.lastPathComponent.lowercased()
            print("""
                made \(folder.path)
                next: cd \(folder.path) && swift test && swift run \(command)
                """)
        } catch {
            throw ValidationError("\(error)")
        }
    }
}
