import Foundation
import Testing
import WebSocketTestClient

/// The Accounts app in the REPL, with the sample server that starts inside it: a recording
/// holds a stand-in for the password and still replays.
struct REPLAccountsTests {
    static let password = "planted-repl-Pa55"

    @Test("Signing up and logging in again: recorded without the password, and the recording replays")
    func recordWithoutThePassword() async throws {
        try await onOwnThread {
            let folder = try TemporaryDirectory()
            defer { folder.remove() }
            let file = folder.path + "/accounts.transcript"
            let repl = try ServeProcess(arguments: ["--now", "2026-11-23T09:00:00Z", "--time-zone", "UTC"])
            for command in [
                "start accounts", "record \(file)", "signUpTapped", "usernameChanged username=grace",
                #"displayNameChanged displayName="Grace Hopper""#, "passwordChanged password=\(Self.password)", "signUpTapped",
                "logOutTapped", "logInTapped", "usernameChanged username=grace", "passwordChanged password=wrong-password-1",
                "logInTapped", "passwordChanged password=\(Self.password)", "logInTapped", "record stop",
            ] { repl.write(line: command) }
            let exit = try repl.finish()
            #expect(exit.status == 0, "\(exit.standardError)")
            let output = exit.remainingLines.joined(separator: "\n")
            #expect(output.contains("→ accounts.home#2 opened"), "\(output)")
            // The form's "working" render, which the stack replaced right after, is still drawn
            // as the modal it was: a double border.
            let working = try #require(output.range(of: "isWorking: true"), "\(output)")
            let frame = output[..<working.lowerBound].components(separatedBy: "\n").last { $0.contains("accounts.signup#1") } ?? ""
            #expect(frame.hasPrefix("╔"), "\(frame)")
            #expect(output.contains("The username or the password is wrong."))
            #expect(!output.contains(Self.password) && !exit.standardError.contains(Self.password))
            let transcript = try String(contentsOfFile: file, encoding: .utf8)
            #expect(!transcript.contains(Self.password))
            #expect(!transcript.contains("wrong-password-1"))
            #expect(transcript.contains(#""password":"1secret"#))
            let replay = try ServeProcess(arguments: ["test", file]).finish()
            #expect(replay.remainingLines.last == "1 passed, 0 failed", "\(replay.remainingLines.joined(separator: "\n"))")
        }
    }
}
