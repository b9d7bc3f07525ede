import ArgumentParser
import Foundation
import ViperCore
import ViperTypegen

/// `typegen`: writes a typed client of the hosted apps for a front end in another language.
struct TypegenCommand<Host: ViperHost>: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "typegen",
            abstract: "Write a typed client of the apps for a front end in TypeScript, Kotlin, Swift or Python.",
            discussion: """
                From what engine.describe tells every front end, writes each scene kind's view \
                model and events as types, the apps' labels and roles as constants, the \
                protocol's own messages, and a session that sends a scene's events through \
                typed calls over a transport the front end gives (lines in, lines out). The same \
                engine writes the same bytes. docs/clients.md shows a front end built on it.

                TypeScript: an npm package folder of ES modules with their .d.ts declarations, \
                for tsc --strict. Kotlin: a Gradle-style source tree (src/main/kotlin/) on \
                Android's own org.json and java.time, nothing else. Swift: a package for Apple \
                platforms and Linux that needs Foundation alone. Python: a package of TypedDicts \
                and scene classes over the Python client viper_client, for mypy --strict.

                Examples:
                  \(Host.commandName) typegen --language typescript --out web/src/viper-apps
                  \(Host.commandName) typegen --language typescript --out web/src/viper-apps --app todo --app flights
                  \(Host.commandName) typegen --language typescript --out web/src/viper-apps --check
                  \(Host.commandName) typegen --language kotlin --out android/viper-apps --package-name com.example.apps
                  \(Host.commandName) typegen --language swift --out ios/ViperApps
                  \(Host.commandName) typegen --language python --out tools
                """
        )
    }

    @Option(help: ArgumentHelp("The client's language: \(ClientLanguage.allCases.map(\.rawValue).joined(separator: ", ")).", valueName: "language"))
    var language: String

    @Option(help: ArgumentHelp("The folder to write the client into, made when missing; its other files are left alone.", valueName: "dir"))
    var out: String

    @Option(name: .customLong("app"), help: ArgumentHelp("An app to include; repeat it for more. Default: every app.", valueName: "name"))
    var apps: [String] = []

    @Option(help: ArgumentHelp(
        "The client package's name: an npm name for TypeScript, a package for Kotlin, a package and module for Swift, a package for Python.",
        discussion: "Default: \(ClientLanguage.allCases.map { "\($0.defaultPackageName(command: Host.commandName)) for \($0.rawValue)" }.joined(separator: ", ")).",
        valueName: "name"))
    var packageName: String?

    @Flag(help: "Write nothing; exit 1 and name each file when the folder is not what this engine would write (for CI).")
    var check = false

    func validate() throws {
        guard ClientLanguage(rawValue: language) != nil else {
            throw ValidationError("--language must be one of \(ClientLanguage.allCases.map(\.rawValue).joined(separator: ", ")), not '\(language)'.")
        }
    }

    func run() throws {
        let hosted = try HostedApps<Host>.described()
        let unknown = apps.filter { name in !hosted.contains { $0.name == name } }
        guard unknown.isEmpty else {
            throw ValidationError("no app is named \(unknown.map { "'\($0)'" }.joined(separator: ", ")); the apps: \(hosted.map(\.name).joined(separator: ", ")).")
        }
        let description = try EngineDescribeRequest.description(of: hosted)
        let api = try ClientAPI(description: description, engine: Host.commandName, version: EngineInfo.version).keeping(apps: apps)
        let client = ClientLanguage(rawValue: language)!
        let files = try client.files(for: api, packageName: packageName ?? client.defaultPackageName(command: Host.commandName))
        let folder = ClientFolder(path: out)
        if check {
            let differences = folder.differences(from: files)
            guard differences.isEmpty else {
                FileHandle.standardError.write(Data("""
                    \(Host.commandName) typegen: \(out) is not the client this engine describes:
                    \(differences.map { "  \($0)\n" }.joined())Write it again: \(Host.commandName) typegen --language \(language) --out \(out)\(apps.map { " --app \($0)" }.joined())

                    """.utf8))
                throw ExitCode.failure
            }
            print("\(out) is the client this engine describes (\(files.count) files).")
        } else {
            try folder.write(files)
            print("Wrote \(files.count) files to \(out): the \(language) client of \(api.apps.map(\.name).joined(separator: ", ")).")
        }
    }
}
