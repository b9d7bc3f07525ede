import ArgumentParser
import Foundation
import Testing
import ViperCore
import ViperJSON

@testable import ViperCLI
@testable import ViperCommandLine

@Suite("record FILE writes the session as a transcript that replays, secrets left out")
struct SessionRecorderTests {
    /// Answers every request the apps make with `201` and a small JSON body, and keeps them.
    private final class AnsweringHTTP: HTTPClient, @unchecked Sendable {
        private(set) var sent: [HTTPRequest] = []

        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            sent.append(request)
            return HTTPResponse(status: 201, headers: ["Content-Type": "application/json"], body: Data(#"{"id":"u1","username":"ada","displayName":"Ada"}"#.utf8))
        }
    }

    /// A REPL's session of viper's apps in this process, their servers at `http://api.test`,
    /// its HTTP answered by `http`; `body` drives it, then the session ends.
    private func withSession(
        http: AnsweringHTTP = AnsweringHTTP(), _ body: (EngineClient, SessionRecorder, TemporaryDirectory) async throws -> Void
    ) async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let apps = try HostedApps<Viper>(
            keepingDataIn: .memory, options: try ServiceOptions.parse(["--api-url", "http://api.test"]), environment: [:], oneSession: true)
        let engine = Engine(EngineConfiguration(apps: apps.apps, logger: .discarding, httpClient: http))
        let client = EngineClient(engine: engine, now: EngineClient.parse("2026-11-19T09:00:00Z")!, timeZoneName: "UTC", http: http)
        #expect(await client.open(locale: nil, firstWeekday: nil).errorMessage == nil)
        let recorder = SessionRecorder(client: client, engineOptions: { ["--api-url", "http://api.test"] }, commandName: "viper")
        try await body(client, recorder, folder)
        await client.close()
        try await apps.close()
    }

    @Test("The file holds every step from the session's start, says how to replay it, and leaves out the REPL's own questions")
    func fromTheStart() async throws {
        try await withSession { client, recorder, folder in
            let file = folder.path + "/story.transcript"
            await client.call(.startApp("todo"))
            // initialize, then app.start: the steps before `record` are in the file too.
            #expect(try await recorder.start(to: file) == 2)
            #expect(recorder.file == file)
            let started = try String(contentsOfFile: file, encoding: .utf8)
            #expect(started.hasPrefix("# Recorded with the viper REPL; replay with: viper test \(file)\n$ viper serve --api-url http://api.test\n> initialize "))
            #expect(started.contains(#"> app.start {"app":"todo"}"#))
            #expect(!started.contains("engine.describe"), "the REPL's own request is not part of the story")

            await client.call(.event(scene: "todo.list#1", name: "addTapped", data: nil))
            try await recorder.write()
            #expect(try String(contentsOfFile: file, encoding: .utf8).contains(#"> view.event {"event":"addTapped","scene":"todo.list#1"}"#))

            let stopped = try await recorder.stop()
            #expect(stopped.file == file && stopped.steps == 3)
            #expect(recorder.file == nil)
            // After `record stop`, nothing more is written.
            let kept = try String(contentsOfFile: file, encoding: .utf8)
            await client.call(.state)
            try await recorder.write()
            #expect(try String(contentsOfFile: file, encoding: .utf8) == kept)
        }
    }

    @Test("A file that exists is never overwritten, one recording runs at a time, and stop needs one")
    func refusals() async throws {
        try await withSession { _, recorder, folder in
            let existing = folder.path + "/golden.transcript"
            try "keep me\n".write(toFile: existing, atomically: true, encoding: .utf8)
            await #expect(throws: SessionRecorder.Failure(description: "\(existing) exists already; record to a new file, or remove it first")) {
                try await recorder.start(to: existing)
            }
            #expect(try String(contentsOfFile: existing, encoding: .utf8) == "keep me\n")
            await #expect(throws: SessionRecorder.Failure(description: "nothing is being recorded; start with record FILE")) {
                try await recorder.stop()
            }
            let file = folder.path + "/new.transcript"
            _ = try await recorder.start(to: file)
            await #expect(throws: SessionRecorder.Failure(description: "already recording to \(file); type record stop first")) {
                try await recorder.start(to: folder.path + "/other.transcript")
            }
            #expect(!FileManager.default.fileExists(atPath: folder.path + "/other.transcript"))
        }
    }

    @Test("A file that cannot be written is said, and nothing is being recorded")
    func unwritable() async throws {
        try await withSession { _, recorder, folder in
            let file = folder.path + "/no such folder/story.transcript"
            await #expect(throws: SessionRecorder.Failure.self) { try await recorder.start(to: file) }
            #expect(recorder.file == nil)
        }
    }

    @Test("The HTTP the apps asked for is in the file with the answer it got (> reply), and a password is a stand-in everywhere")
    func repliesAndSecrets() async throws {
        let http = AnsweringHTTP()
        try await withSession(http: http) { client, recorder, folder in
            let file = folder.path + "/signup.transcript"
            _ = try await recorder.start(to: file)
            await client.call(.startApp("accounts"))
            await client.call(.event(scene: "accounts.prompt#1", name: "signUpTapped", data: nil))
            await client.call(.event(scene: "accounts.signup#1", name: "usernameChanged", data: ["username": "ada"]))
            await client.call(.event(scene: "accounts.signup#1", name: "displayNameChanged", data: ["displayName": "Ada"]))
            await client.call(.event(scene: "accounts.signup#1", name: "passwordChanged", data: ["password": "correct-Pa55word"]))
            await client.call(.event(scene: "accounts.signup#1", name: "signUpTapped", data: nil))
            try await recorder.finish()
            #expect(recorder.file == nil)

            #expect(http.sent.first?.url.absoluteString.hasPrefix("http://api.test/") == true, "\(http.sent)")
            #expect(http.sent.first.flatMap { $0.body.map { String(decoding: $0, as: UTF8.self) } }?.contains("correct-Pa55word") == true)
            let transcript = try String(contentsOfFile: file, encoding: .utf8)
            #expect(transcript.contains("\n> reply {"), "\(transcript)")
            #expect(transcript.contains(#""status":201"#))
            #expect(transcript.contains(#""method":"effect.http""#))
            #expect(!transcript.contains("correct-Pa55word"), "\(transcript)")
            // The same stand-in in the event that typed the password and in the body that sent it.
            #expect(transcript.contains(#""password":"1secret*********""#))
            #expect(transcript.contains(#"\"password\":\"1secret*********\""#))
        }
    }
}
