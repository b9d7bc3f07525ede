import Foundation

/// `dev --listen`: the package's engine serving the page, started again on the same address
/// after each saved change that builds. The page, whose connection the old engine closed with
/// 1001, reconnects and resumes its session on the new one (`resume`, protocol.md §1.1), which
/// replays the session's journal with the new code: the same screen, drawn by it, with what was
/// being typed kept. The journals live in a SQLite file in a folder of this process's own,
/// sealed under each page's key, and removed when `dev` ends.
struct PageDevLoop: Sendable {
    let builder: PackageBuilder
    let watcher: SourceWatcher
    let interval: Duration
    /// The built command, which each build replaces.
    let binary: String
    /// Where to listen at first (`--listen`); each later engine listens where the first did.
    let listen: String
    /// `serve`'s options besides where it listens and keeps its data.
    let serveOptions: [String]

    /// Serves, and reloads on every saved change after `snapshot`, until cancelled.
    func run(from snapshot: SourceWatcher.Snapshot) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(builder.product)-dev-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = folder.appendingPathComponent("dev.sqlite").path
        let status = DevStatus(file: folder.appendingPathComponent("status.json"))
        func arguments(listening address: String) -> [String] {
            ["serve", "--listen", address, "--db", database, "--journal", "--dev-status-file", status.file.path] + serveOptions
        }
        var engine = try ServingEngine(binary: binary, arguments: arguments(listening: listen))
        let address = try await engine.listeningAddress()
        Self.say("· watching Sources/ and Package.swift: a saved change rebuilds \(builder.product) and starts it again on \(address); the page resumes its session on it")
        var built = snapshot
        while let changed = try? await watcher.change(since: built, interval: interval) {
            built = changed
            // The page's banner is told first, then the terminal.
            status.say(.building, "A change was saved: building \(builder.product)…")
            Self.say("· a change was saved: building \(builder.product)…")
            let start = ContinuousClock.now
            do {
                _ = try await builder.build()
            } catch {
                // Stopped because `dev` ends, not because the change does not build.
                if Task.isCancelled { break }
                status.say(.failed, error.firstErrors)
                Self.say("· the build failed; the engine that ran goes on:\n" + error.firstErrors)
                continue
            }
            status.say(.ok, nil)
            await engine.stop()
            do {
                engine = try ServingEngine(binary: binary, arguments: arguments(listening: address))
                _ = try await engine.listeningAddress()
            } catch {
                Self.say("· the new engine did not start: \(error.description); fix the change and save again")
                continue
            }
            Self.say("· rebuilt and started again in \(DevLoop.seconds(ContinuousClock.now - start)); the page resumes its session on the new engine")
            if let examples = await ExampleRun(packageRoot: watcher.packageRoot, binary: binary).report() { Self.say(examples) }
        }
        await engine.stop()
    }

    private static func say(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }
}
