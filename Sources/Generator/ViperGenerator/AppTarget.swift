import Foundation

/// An app of a package: the target under Sources/ whose main file declares the app's name.
struct AppTarget: Equatable {
    /// The app's wire name (`greeter`).
    let name: String
    /// The target's, and the app type's, name (`GreeterApp`).
    let type: String

    /// The app named `name` (its wire name, or its type) in the package at `root`.
    static func named(_ name: String, inPackageAt root: URL) throws(GeneratorError) -> AppTarget {
        guard FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) else {
            throw .notAPackage(root.path)
        }
        let apps = all(inPackageAt: root)
        guard let app = apps.first(where: { $0.name == name || $0.type == name }) else {
            throw .noApp(name, in: root.path, apps: apps.map(\.name))
        }
        return app
    }

    /// Every app of the package: each `Sources/T/T.swift` that says `static let name = "…"`.
    private static func all(inPackageAt root: URL) -> [AppTarget] {
        let sources = root.appendingPathComponent("Sources")
        let targets = (try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? []
        return targets.sorted().compactMap { target in
            let main = sources.appendingPathComponent(target).appendingPathComponent("\(target).swift")
            guard let text = try? String(contentsOf: main, encoding: .utf8),
                let declaration = text.range(of: #"static let name = "[^"]+""#, options: .regularExpression)
            else { return nil }
            let name = text[declaration].split(separator: "\"")[1]
            return AppTarget(name: String(name), type: target)
        }
    }
}
