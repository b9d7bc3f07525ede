import Foundation

/// `viper new module`: a module's role files, its contract, Builder, unit tests and transcript,
/// added to an app, with its screen added to the app's home (`AppScreens.swift`).
package struct ModuleGenerator {
    private let templates: TemplateLibrary

    package init() throws(GeneratorError) {
        templates = try TemplateLibrary()
    }

    /// Adds the module `name` of `shape` to the app `app` (its name or target) of the package at
    /// `root`; returns the app's name and the paths written, relative to `root`.
    package func add(
        _ name: String, shape: ModuleShape, toApp app: String, inPackageAt root: URL
    ) throws(GeneratorError) -> (app: String, written: [String]) {
        let module = try SwiftName(name, naming: "a module")
        let target = try AppTarget.named(app, inPackageAt: root)
        var files = try self.files(of: module, shape: shape, in: target)
        let screensPath = "Sources/\(target.type)/AppScreens.swift"
        guard let screens = try? String(contentsOf: root.appendingPathComponent(screensPath), encoding: .utf8) else {
            throw .notGenerated(screensPath)
        }
        if screens.contains("(\"\(module.wire)\",") { throw .exists("the screen '\(module.wire)' of \(screensPath)") }
        let verb = shape.navigation == .pushed ? "push" : "present"
        files.replaced[screensPath] = try Self.adding(
            ["(\"\(module.wire)\", { await $0.\(verb)(\(module.type)Builder()) }),", "\(module.type)Scene.self,"],
            to: screens, at: ["static let all:", "static let scenes:"], path: screensPath)
        try files.write(into: root)
        return (target.name, (Array(files.created.keys) + Array(files.replaced.keys)).sorted())
    }

    /// The files of `module` in `target`, by path in the package.
    func files(of module: SwiftName, shape: ModuleShape, in target: AppTarget) throws(GeneratorError) -> StagedFiles {
        let context = Self.context(of: module, shape: shape, in: target)
        let sources = "Sources/\(target.type)/\(module.type)/\(module.type)"
        let tests = "Tests/\(target.type)Tests/\(module.type)/\(module.type)"
        var roles = ["Contract", "Builder", "Presenter", "Interactor", "Router"]
        if shape.vip { roles += ["Assembly", "Flows", "View"] }
        var files = StagedFiles()
        for role in roles {
            files.created["\(sources)\(role).swift"] = try templates.render("module/\(role).swift", context)
        }
        for part in ["InteractorTests", "PresenterTests", "TestDoubles"] {
            files.created["\(tests)\(part).swift"] = try templates.render("module/\(part).swift", context)
        }
        if shape.navigation != .root {
            files.created["examples/\(target.name)/\(module.wire).transcript"] = try templates.render("module/screen.transcript", context)
        }
        return files
    }

    /// What the module templates are rendered with.
    private static func context(of module: SwiftName, shape: ModuleShape, in target: AppTarget) -> [String: Any] {
        [
            "module": module.type, "scene": "\(module.type)Scene", "kind": "\(target.name).\(module.wire)", "screen": module.wire,
            "app": target.name, "appType": target.type, "vip": shape.vip, "isRoot": shape.navigation == .root,
            "closes": shape.navigation != .root, "navigation": shape.navigation == .pushed ? "push" : "present",
            "closeCall": shape.navigation == .pushed ? "pop" : "dismiss", "closedFrom": shape.navigation == .pushed ? "pushed" : "presented",
        ]
    }

    /// `text` with each of `lines` added as the last element of the list that the line
    /// containing the matching `anchor` opens (its closing `]` alone on a line).
    private static func adding(_ lines: [String], to text: String, at anchors: [String], path: String) throws(GeneratorError) -> String {
        var result = text.components(separatedBy: "\n")
        for (line, anchor) in zip(lines, anchors) {
            guard let start = result.firstIndex(where: { $0.contains(anchor) }),
                let end = result[start...].firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "]" })
            else { throw .notGenerated(path) }
            let indent = String(result[end].prefix { $0 == " " })
            result.insert(indent + "    " + line, at: end)
        }
        return result.joined(separator: "\n")
    }
}
