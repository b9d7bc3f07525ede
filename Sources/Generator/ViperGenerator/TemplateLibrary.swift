import Foundation
import Mustache

/// The Mustache templates of `viper new`, shipped as the target's resources
/// (`Templates/package`, `Templates/module`).
struct TemplateLibrary {
    private let folder: URL

    init() throws(GeneratorError) {
        guard let folder = Bundle.module.url(forResource: "Templates", withExtension: nil) else {
            throw .template("Templates", "the folder is missing beside the viper binary")
        }
        self.folder = folder
    }

    /// The template `name` (`module/Contract.swift`) rendered with `context`. Templates set
    /// `CONTENT_TYPE: TEXT`, so nothing is escaped as HTML.
    func render(_ name: String, _ context: [String: Any]) throws(GeneratorError) -> String {
        let file = folder.appendingPathComponent(name + ".mustache")
        let template: MustacheTemplate
        do {
            template = try MustacheTemplate(string: try String(contentsOf: file, encoding: .utf8))
        } catch {
            throw .template(name, "\(error)")
        }
        return template.render(context)
    }
}
