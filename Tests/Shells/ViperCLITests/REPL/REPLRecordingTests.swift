import Foundation
import Testing
import WebSocketTestClient

/// A recording made in the REPL replays on any day: the REPL performs the apps' HTTP itself,
/// so a recording scripts every answer the sample server gave (`> reply`) and needs no server
/// to replay. Each story is recorded on a day long gone (`--now`, 2025-03-04), so a replay that
/// read the machine's clock anywhere, in the engine or in a server, would differ.
@Suite("A REPL recording of each app's story replays with no server, on any day", .serialized)
struct REPLRecordingTests {
    /// Each app's story, as REPL commands after `record FILE`.
    static let stories: [(app: String, commands: [String])] = [
        ("todo", ["start todo", "addTapped", "titleChanged Water the plants", "dueDateChanged tomorrow", "saveTapped"]),
        ("accounts", [
            "start accounts", "signUpTapped", "usernameChanged username=ada", #"displayNameChanged displayName="Ada Lovelace""#,
            "passwordChanged password=first-Pa55word", "signUpTapped", "logOutTapped",
        ]),
        ("news", ["start news", "articleTapped id=bcd1aa9253f8c231", "back", "refreshTapped"]),
        ("weather", ["start weather", "addTapped", "queryChanged Lisbon", "resultTapped 2267057", "locationTapped 2267057", "back"]),
        ("flights", [
            "start flights", "fromChanged lgw", "toChanged cdg", "dateChanged tomorrow", "searchTapped", "flightTapped LGW-CDG-{{tomorrow}}-1",
            "bookTapped", "doneTapped",
        ]),
        ("chat", ["start chat", "conversationTapped ada", #"inputTextChanged "Hello Ada""#, "sendButtonTapped", "wait 10s", "closeButtonTapped"]),
    ]

    @Test("Recorded in the REPL, replayed in process and against a process, with the sample server long gone", arguments: stories.map(\.app))
    func recordingReplays(app: String) async throws {
        try await onOwnThread {
            let folder = try TemporaryDirectory()
            defer { folder.remove() }
            let file = folder.path + "/\(app).transcript"
            let commands = Self.stories.first { $0.app == app }!.commands.map { $0.replacingOccurrences(of: "{{tomorrow}}", with: Self.tomorrow) }
            let repl = try ServeProcess(arguments: ["--now", Self.recordedAt])
            for command in ["record \(file)"] + commands + ["record stop"] { repl.write(line: command) }
            let exit = try repl.finish()
            #expect(exit.status == 0)
            #expect(exit.standardError.isEmpty, "\(exit.standardError)")
            let transcript = try String(contentsOfFile: file, encoding: .utf8)
            if app != "todo" {
                // What the session learned from outside is in the recording.
                #expect(transcript.contains("\n> reply {"), "\(transcript)")
                #expect(transcript.contains(#""capabilities":{"effects":["http"]}"#))
                #expect(transcript.contains("$ viper serve --api-url http://127.0.0.1:"))
            }
            // The REPL and its sample server have exited: the URLs the recording names lead nowhere.
            let inProcess = try CommandRun.viper(["test", file], in: folder.path)
            #expect(inProcess.output.hasSuffix("1 passed, 0 failed\n"), "\(inProcess.output)\n\(transcript)")
            let againstAProcess = try CommandRun.viper(["test", "--exec", "\(ViperBinary.path) serve --db :memory:", file], in: folder.path)
            #expect(againstAProcess.output.hasSuffix("1 passed, 0 failed\n"), "\(againstAProcess.output)")
        }
    }

    /// When the stories are recorded: the REPL's clock starts there and runs on.
    private static let recordedAt = "2025-03-04T09:00:00Z"

    /// The day after `recordedAt`, as a flight's id spells it.
    private static let tomorrow = "20250305"
}
