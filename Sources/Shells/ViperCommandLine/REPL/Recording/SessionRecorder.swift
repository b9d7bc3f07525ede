import Foundation

/// Writes the session as a golden transcript (`record FILE` … `record stop`): every step from
/// the session's start, the answers to the HTTP the REPL performed for the apps as `> reply`,
/// so that it replays without a server, and a stand-in for every secret (`SecretRedactor`).
///
/// The file is written whole again after every command, so that it is complete whenever the
/// REPL stops; the REPL's own requests (`engine.describe`) are not part of the story.
final class SessionRecorder {
    /// Why the session could not be recorded, said as the REPL says it.
    struct Failure: Error, Equatable, CustomStringConvertible {
        let description: String
    }

    private let client: EngineClient
    /// The options a replay's engine needs, as they stand when the file is written: a server
    /// started inside the engine adds its URL once it runs.
    private let engineOptions: () -> [String]
    /// The command the REPL runs in (`viper`), for the comment that says how to replay.
    private let commandName: String
    /// The file being written, while recording.
    private(set) var file: String?

    init(client: EngineClient, engineOptions: @escaping () -> [String], commandName: String) {
        self.client = client
        self.engineOptions = engineOptions
        self.commandName = commandName
    }

    /// Starts writing the session to `path`, a file that does not exist yet; returns how many
    /// steps the session took so far, all of them in the file.
    func start(to path: String) async throws(Failure) -> Int {
        if let file { throw Failure(description: "already recording to \(file); type record stop first") }
        if FileManager.default.fileExists(atPath: path) {
            throw Failure(description: "\(path) exists already; record to a new file, or remove it first")
        }
        file = path
        do {
            try await write()
        } catch {
            file = nil
            throw error
        }
        return await client.stepCount
    }

    /// Writes the file a last time and stops; returns the file and how many steps it holds.
    func stop() async throws(Failure) -> (file: String, steps: Int) {
        guard let file else { throw Failure(description: "nothing is being recorded; start with record FILE") }
        try await write()
        self.file = nil
        return (file, await client.stepCount)
    }

    /// Writes the session so far, when recording, with a stand-in for every secret. A file that
    /// cannot be written stays the one being recorded: the next command tries again.
    func write() async throws(Failure) {
        guard let file else { return }
        var redactor = SecretRedactor()
        let catalog = client.catalog
        let text = await client.transcript(
            engineOptions: engineOptions(), comments: ["Recorded with the \(commandName) REPL; replay with: \(commandName) test \(file)"],
            redact: { redactor.redactedEverywhere($0, catalog: catalog) })
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: file), options: .atomic)
        } catch {
            throw Failure(description: "cannot write \(file): \(error.localizedDescription)")
        }
    }

    /// Writes the file a last time, once the session has ended, and stops.
    func finish() async throws(Failure) {
        defer { file = nil }
        try await write()
    }
}
