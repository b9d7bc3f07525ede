import Foundation
import Testing

/// The REPL on a (pseudo-)terminal: GNU readline, Tab completion, Ctrl-C, Ctrl-D and history.
struct REPLTerminalTests {
    @Test func aToDoIsCreatedAndCancelledWithTabCompletionCtrlCAndCtrlD() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let environment = ["HOME": home.path, "XDG_STATE_HOME": home.path + "/state", "TERM": "xterm", "PATH": "/usr/bin:/bin"]
        let terminal = try PseudoTerminal(arguments: ["--now", "2026-11-19T09:00:00Z", "--time-zone", "UTC"], environment: environment)

        try terminal.waitFor("Type start todo to begin")
        try terminal.waitFor("viper> ")
        #expect(terminal.rawScreen.contains("\u{1B}["), "a terminal gets colours")

        // Two Tabs list what starts with "sta"; Ctrl-C drops the half-typed line.
        terminal.type("sta\t\t")
        try terminal.waitFor("stack  start")
        try terminal.waitFor("viper> sta")
        terminal.type("\u{3}")
        // The dropped line stays on screen; a fresh prompt follows it.
        try terminal.waitFor("\nviper> ")

        terminal.type("star\tto\t\r")
        try terminal.waitFor("start todo")
        try terminal.waitFor("─ todo.list#1 ─")
        try terminal.waitFor("todo.list#1> ")

        terminal.type("add\t\r")
        try terminal.waitFor("═ todo.add#1 ═")
        try terminal.waitFor("todo.add#1> ")

        terminal.type("sa\t\r")
        try terminal.waitFor("(nothing changed)")
        terminal.type("titleC\t\tBuy milk\r")
        try terminal.waitFor("titleChanged title=Buy milk")
        try terminal.waitFor("title: Buy milk")
        try terminal.waitFor("todo.add#1> ")

        terminal.type("dueD\t\ttom\t\r")
        try terminal.waitFor("dueDateChanged dueDate=tomorrow")
        try terminal.waitFor("dueDate: 2026-11-20")

        try terminal.waitFor("todo.add#1> ")
        terminal.type("this line is dropped")
        try terminal.waitFor("this line is dropped")
        terminal.type("\u{3}")
        try terminal.waitFor("\ntodo.add#1> ")
        terminal.type("cancelT\t\r")
        try terminal.waitFor("todo.add#1 dismissed, back to todo.list#1")
        try terminal.waitFor("todo.list#1> ")
        #expect(!terminal.screenText.contains("error:"), "\(terminal.screenText)")

        terminal.type("\u{4}")
        #expect(try terminal.waitForExit() == 0)

        let history = try String(contentsOfFile: home.path + "/state/viper/history", encoding: .utf8)
        #expect(history.contains("start todo\n"), "completion's trailing space is not kept")
        #expect(history.contains("titleChanged title=Buy milk\n"))
        #expect(history.contains("cancelTapped"))
        #expect(!history.contains("this line is dropped"))
    }

    @Test func ctrlCCancelsASlowRequestAndCancelStopsOneSentWithAnAmpersand() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let silent = try SilentServer()
        let environment = ["HOME": home.path, "XDG_STATE_HOME": home.path + "/state", "TERM": "xterm", "NO_COLOR": "1"]
        let terminal = try PseudoTerminal(arguments: ["--now", "2026-11-19T09:00:00Z", "--news-url", silent.url], environment: environment)
        try terminal.waitFor("viper> ")

        // The list loads from a server that never answers; Ctrl-C gives up, and the list shows
        // what it showed before.
        terminal.type("start news\r")
        // The request is running once the news service has connected.
        try silent.waitForConnections(1)
        terminal.type("\u{3}")
        try terminal.waitFor("error: Cancelled: the 'app.start' request was cancelled before it finished")
        try terminal.waitFor("news.list#1> ")

        // With &, the prompt comes back at once and counts the request; cancel ends it.
        terminal.type("refreshTapped &\r")
        try terminal.waitFor("request 3 runs in the background; cancel 3 stops it")
        try terminal.waitFor("news.list#1 (1 running)> ")
        terminal.type("cancel 3\r")
        try terminal.waitFor("· request 3 (refreshTapped) failed: Cancelled: the 'view.event' request was cancelled")
        try terminal.waitFor("\nnews.list#1> ")
        terminal.type("quit\r")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func historyFromAnEarlierRunIsRecalledWithTheUpArrow() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        try FileManager.default.createDirectory(atPath: home.path + "/state/viper", withIntermediateDirectories: true)
        try "start todo\n".write(toFile: home.path + "/state/viper/history", atomically: true, encoding: .utf8)
        let environment = ["HOME": home.path, "XDG_STATE_HOME": home.path + "/state", "TERM": "xterm", "NO_COLOR": "1"]
        let terminal = try PseudoTerminal(arguments: ["--now", "2026-11-19T09:00:00Z"], environment: environment)
        try terminal.waitFor("viper> ")
        #expect(!terminal.rawScreen.contains("\u{1B}[1m"), "NO_COLOR still got bold text")
        terminal.type("\u{1B}[A\r")
        try terminal.waitFor("─ todo.list#1 ─")
        terminal.type("quit\r")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func aPasswordIsAskedForWithoutEchoAndNoLineCarryingOneIsKept() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let environment = ["HOME": home.path, "XDG_STATE_HOME": home.path + "/state", "TERM": "xterm", "NO_COLOR": "1"]
        let terminal = try PseudoTerminal(arguments: ["--now", "2026-11-23T09:00:00Z", "--time-zone", "UTC"], environment: environment)
        try terminal.waitFor("viper> ")
        // The welcome fits a terminal of 80 columns.
        let welcome = terminal.screenText.components(separatedBy: "\n").prefix { !$0.contains("viper> ") }
        #expect(welcome.count >= 3)
        #expect(welcome.allSatisfy { $0.count <= 80 }, "\(welcome)")

        terminal.type("start accounts\r")
        try terminal.waitFor("accounts.prompt#1> ")
        terminal.type("signUpTapped\r")
        try terminal.waitFor("accounts.signup#1> ")
        terminal.type("usernameChanged grace\r")
        try terminal.waitFor("username: grace")
        terminal.type("displayNameChanged Grace Hopper\r")
        try terminal.waitFor("displayName: Grace Hopper")
        // The event alone asks for the password, and what is typed is not shown.
        terminal.type("passwordChanged\r")
        try terminal.waitFor("password (not shown as you type): ")
        terminal.type("hidden-Pa55word\r")
        try terminal.waitFor("[signUpTapped] [cancelTapped]")
        terminal.type("signUpTapped\r")
        try terminal.waitFor("accounts.home#1> ")
        #expect(!terminal.screenText.contains("hidden-Pa55word"), "\(terminal.screenText)")

        // Lines that carry a password, refused or sent raw, stay out of the history too.
        terminal.type("passwordChanged password=refused-Pa55word\r")
        try terminal.waitFor("error:")
        terminal.type(#"raw {"jsonrpc":"2.0","id":90,"method":"view.event","params":{"scene":"accounts.home#1","event":"passwordChanged","data":{"password":"raw-Pa55word"}}}"# + "\r")
        try terminal.waitFor("\"id\":90")
        terminal.type("quit\r")
        #expect(try terminal.waitForExit() == 0)
        let history = try String(contentsOfFile: home.path + "/state/viper/history", encoding: .utf8)
        #expect(history.contains("usernameChanged grace"))
        #expect(history.contains("passwordChanged\n"), "the event alone carries nothing")
        for secret in ["hidden-Pa55word", "refused-Pa55word", "raw-Pa55word"] {
            #expect(!history.contains(secret), "\(secret) in the history: \(history)")
        }
    }
}
