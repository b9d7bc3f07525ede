import Foundation

/// `viper new package`: a SwiftPM package with one app whose home is a VIPER module, the
/// command that hosts it on viper, their tests and a golden transcript.
package struct PackageGenerator {
    private let templates: TemplateLibrary
    private let modules: ModuleGenerator

    package init() throws(GeneratorError) {
        templates = try TemplateLibrary()
        modules = try ModuleGenerator()
    }

    /// Makes the package `name` in the folder `parent`, depending on viper through `viper`;
    /// returns its folder.
    package func create(_ name: String, in parent: URL, viper: ViperDependency) throws(GeneratorError) -> URL {
        let package = try SwiftName(name, naming: "a package")
        let folder = parent.appendingPathComponent(package.type)
        guard !FileManager.default.fileExists(atPath: folder.path) else { throw .exists(folder.path) }
        let app = AppTarget(name: package.wire, type: "\(package.type)App")
        let context: [String: Any] = [
            "package": package.type, "app": app.name, "appType": app.type, "command": package.type.lowercased(),
            "hostType": package.type, "cliTarget": "\(package.type)CLI", "viperDependency": viper.packageLine, "viperIdentity": viper.identity,
        ]
        var files = try modules.files(of: try SwiftName("Home", naming: "a module"), shape: ModuleShape(navigation: .root, vip: false), in: app)
        let templated = [
            "Package.swift": "package/Package.swift", ".gitignore": "package/gitignore", "README.md": "package/README.md",
            "Sources/\(app.type)/\(app.type).swift": "package/App.swift", "Sources/\(app.type)/AppScreens.swift": "package/AppScreens.swift",
            "Sources/\(package.type)CLI/\(package.type).swift": "package/Host.swift",
            "Tests/\(package.type)CLITests/TranscriptTests.swift": "package/TranscriptTests.swift",
            "Tests/\(app.type)Tests/Support/RecordingView.swift": "package/RecordingView.swift",
            "examples/\(app.name)/home.transcript": "package/home.transcript",
        ]
        for (path, template) in templated {
            files.created[path] = try templates.render(template, context)
        }
        // Written beside the package's folder, then renamed into place in one step.
        let staging = parent.appendingPathComponent(".viper-new-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: staging) }
        do {
            try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
        } catch {
            throw .cannotWrite(parent.path, "\(error.localizedDescription)")
        }
        try files.write(into: staging)
        guard !FileManager.default.fileExists(atPath: folder.path) else { throw .exists(folder.path) }
        guard rename(staging.path, folder.path) == 0 else {
            throw .cannotWrite(folder.path, String(cString: strerror(errno)))
        }
        return folder
    }
}
