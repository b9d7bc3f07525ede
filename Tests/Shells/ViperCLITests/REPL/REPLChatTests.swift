import Foundation
import Testing
import WebSocketTestClient

/// Chat in the REPL, as a new user meets it: open a conversation, type, send, and watch Ada's
/// answer arrive while typing nothing, from a script on a pipe and at a terminal.
struct REPLChatTests {
    @Test("Through a pipe that stays open, Ada's answer is printed a second after the send, with nothing more typed")
    func adaAnswersWhileTheScriptWaits() async throws {
        try await onOwnThread {
            let repl = try ServeProcess(arguments: ["--now", "2026-11-23T09:41:00Z", "--time-zone", "Europe/London", "--locale", "en_GB"])
            for command in ["start chat", "conversationTapped ada", #"inputTextChanged "Hello Ada""#, "sendButtonTapped"] {
                repl.write(line: command)
            }
            var screen: [String] = []
            while !screen.contains(where: { $0.contains("messageHeader: Ada") }) {
                screen.append(try repl.readLine())
            }
            let sent = try #require(screen.firstIndex { $0.contains("messageText: Hello Ada") })
            let answer = try #require(screen.lastIndex { $0.contains("messageHeader: Ada") })
            #expect(sent < answer, "\(screen.joined(separator: "\n"))")
            let exit = try repl.finish()
            #expect(exit.status == 0, "\(exit.standardError)")
            #expect(exit.standardError.isEmpty, "\(exit.standardError)")
        }
    }

    @Test("wait shows what arrives within its time, says when nothing did, and a recording keeps it as a wait step")
    func waitAndRecord() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.path + "/chat.transcript"
        let output = try await onOwnThread {
            let repl = try ServeProcess(arguments: ["--now", "2026-11-23T09:41:00Z", "--time-zone", "Europe/London", "--locale", "en_GB"])
            for command in [
                "record \(path)", "start chat", "conversationTapped ada", #"inputTextChanged "Hello Ada""#, "sendButtonTapped", "wait 10s",
                // The reply renders the inbox and the conversation, which may come apart on a
                // loaded machine: the first wait can end at one, and this one takes the other.
                "wait 1s", "wait 100ms", "record stop",
            ] {
                repl.write(line: command)
            }
            let exit = try repl.finish()
            #expect(exit.status == 0, "\(exit.standardError)")
            return exit.remainingLines.joined(separator: "\n")
        }
        #expect(output.contains("messageHeader: Ada"), "\(output)")
        #expect(output.contains("(nothing arrived in 100 ms)"))
        let transcript = try String(contentsOfFile: path, encoding: .utf8)
        #expect(transcript.contains("\n> wait\n< {\"method\":\"view.render\""), "\(transcript)")
        // Replayed with a sample server of its own, whose clock starts at the transcript's.
        let replay = try await onOwnThread { try ServeProcess(arguments: ["test", path]).finish() }
        #expect(replay.status == 0, "\(replay.remainingLines)")
    }

    @Test("At a terminal, the answer is drawn above the line being typed, which is then typed on")
    func theAnswerDoesNotBreakTheLineBeingTyped() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let environment = ["HOME": home.path, "XDG_STATE_HOME": home.path + "/state", "TERM": "xterm", "NO_COLOR": "1", "PATH": "/usr/bin:/bin"]
        let terminal = try PseudoTerminal(
            arguments: ["--now", "2026-11-23T09:41:00Z", "--time-zone", "Europe/London", "--locale", "en_GB"], environment: environment, columns: 100)
        try terminal.waitFor("viper> ")
        terminal.type("start chat\r")
        try terminal.waitFor("chat.inbox#1> ")
        terminal.type("conversationTapped ada\r")
        try terminal.waitFor("chat.conversation#1> ")
        terminal.type("inputTextChanged \"Hello Ada\"\r")
        try terminal.waitFor("[sendButtonTapped] [closeButtonTapped]")
        terminal.type("sendButtonTapped\r")
        try terminal.waitFor("messageText: Hello Ada")
        // Half a command is typed when Ada's answer comes in.
        terminal.type("inputTextChanged aga")
        try terminal.waitFor("messageHeader: Ada")
        // The prompt and the half-typed command are drawn again below the answer.
        try terminal.waitFor("chat.conversation#1> inputTextChanged aga")
        terminal.type("in\r")
        try terminal.waitFor("inputText: again")
        // Ctrl-D typed before readline takes the terminal again would meet the cooked line
        // discipline and be lost, so the prompt comes first.
        try terminal.waitFor("chat.conversation#1> ")
        #expect(!terminal.screenText.contains("error:"), "\(terminal.screenText)")
        terminal.type("\u{4}")
        #expect(try terminal.waitForExit() == 0)
    }
}
