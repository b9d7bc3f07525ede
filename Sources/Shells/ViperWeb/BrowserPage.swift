import Foundation

/// The browser page: plain HTML, CSS and JavaScript from `Page/`, with no build step, read once
/// from the target's resources.
enum BrowserPage {
    struct File: Sendable {
        let contents: Data
        let contentType: String
    }

    /// The file served at `path`; `/` is the page itself.
    static func file(at path: String) -> File? {
        files[path == "/" ? "/index.html" : path]
    }

    private static let files: [String: File] = {
        // The page's script is ES modules (`.mjs`): a browser runs a module only when it is
        // served as JavaScript.
        let script = "text/javascript; charset=utf-8"
        let types = ["html": "text/html; charset=utf-8", "css": "text/css; charset=utf-8", "js": script, "mjs": script, "svg": "image/svg+xml"]
        guard let folder = Bundle.module.url(forResource: "Page", withExtension: nil),
            let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path)
        else { return [:] }
        var files: [String: File] = [:]
        for name in names {
            let url = folder.appendingPathComponent(name)
            guard let type = types[url.pathExtension], let contents = try? Data(contentsOf: url) else { continue }
            files["/" + name] = File(contents: contents, contentType: type)
        }
        return files
    }()
}
