import Foundation

/// The part of each client that no app changes (the protocol's messages, the session over a
/// transport), written by hand per language and shipped as the target's resources
/// (`Runtime/typescript/`), so that it can be read, tested and diffed as the code it is.
struct ClientRuntime {
    private let folder: URL

    init(language: String) throws(TypegenError) {
        guard let runtime = Bundle.module.url(forResource: "Runtime", withExtension: nil) else {
            throw .runtimeMissing("Runtime")
        }
        folder = runtime.appendingPathComponent(language)
    }

    /// The names of the runtime's files, sorted: every one goes into each client.
    func fileNames() throws(TypegenError) -> [String] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }.sorted()
        } catch {
            throw .runtimeMissing("Runtime/\(folder.lastPathComponent)")
        }
    }

    /// The text of the runtime file `name` (`session.js`).
    func file(_ name: String) throws(TypegenError) -> String {
        do {
            return try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        } catch {
            throw .runtimeMissing("Runtime/\(folder.lastPathComponent)/\(name)")
        }
    }
}
