import Foundation

/// How a generated package depends on viper: a checkout's folder, or a git URL and version.
package enum ViperDependency: Equatable, Sendable {
    case path(String)
    case url(String, from: String)

    /// The `.package(…)` line of Package.swift, with none of viper's traits: the package builds
    /// only what its app uses, and names a trait to turn one on (`traits: ["PostgreSQL"]`).
    var packageLine: String {
        switch self {
        case .path(let path): ".package(path: \"\(path)\", traits: [])"
        case .url(let url, let version): ".package(url: \"\(url)\", from: \"\(version)\", traits: [])"
        }
    }

    /// The name SwiftPM knows the package by in `.product(name:package:)`: the last part of its
    /// path or URL, in lower case, whatever the folder of the checkout is called.
    var identity: String {
        let location = switch self {
        case .path(let path): path
        case .url(let url, _): url
        }
        var last = URL(fileURLWithPath: location).lastPathComponent
        if last.hasSuffix(".git") { last.removeLast(4) }
        return last.lowercased()
    }

    /// The viper checkout a binary at `executable` was built in: the nearest folder above it
    /// whose Package.swift names the package viper.
    package static func checkout(containing executable: URL) -> ViperDependency? {
        var folder = executable.resolvingSymlinksInPath().deletingLastPathComponent()
        while folder.path != "/" {
            let manifest = folder.appendingPathComponent("Package.swift")
            if let text = try? String(contentsOf: manifest, encoding: .utf8), text.contains("name: \"viper\"") {
                return .path(folder.path)
            }
            folder.deleteLastPathComponent()
        }
        return nil
    }
}
