import Foundation
import Testing
import WebSocketTestClient

/// Packages `viper new` makes, built and run for real: one with a module of each shape, and the
/// one docs/your-first-app.md makes, followed to the letter.
///
/// Run alone, by `bin/test` after the suite (`VIPER_GENERATOR_TESTS=1`), one test after the
/// other: both build in one scratch folder, `.build-generated`, so that CI compiles viper's
/// libraries for them once.
@Suite(.serialized, .enabled(if: ProcessInfo.processInfo.environment["VIPER_GENERATOR_TESTS"] != nil, "bin/test runs it alone, with VIPER_GENERATOR_TESTS=1"))
struct GeneratedPackageTests {
    private static let scratch = DocumentedSession.packageRoot.appendingPathComponent(".build-generated").path

    /// What the tutorial's first block does in viper's checkout: this test's `viper` is built
    /// already, and `TutorialShell` puts it first on `PATH`. (A second SwiftPM in this checkout
    /// would wait for the one running this test.)
    private static let viperSetup = """
        export PATH="$PWD/bin:$PATH"    # so that `viper` is bin/viper

        """

    @Test func aNewPackageWithAModuleOfEachShapeBuildsPassesItsTestsFollowsTheStyleRulesAndRunsAtATerminal() throws {
        let package = try NewCommandTests.newPackage()
        defer { package.remove() }
        let root = package.path + "/Greeter"
        for (module, flags) in [("Settings", ["--presented"]), ("Profile", ["--pushed"]), ("Notes", ["--vip"]), ("Cart", ["--vip", "--pushed"])] {
            let run = try CommandRun.viper(["new", "module", module, "--app", "greeter"] + flags, in: root)
            #expect(run.status == 0, "\(module): \(run.errors)")
        }
        let swift = "/usr/bin/env"
        let build = try CommandRun(swift, ["swift", "build", "--build-tests", "--scratch-path", Self.scratch], in: root)
        #expect(build.status == 0, "\(build.output)\n\(build.errors)")
        let test = try CommandRun(swift, ["swift", "test", "--skip-build", "--disable-xctest", "--scratch-path", Self.scratch], in: root)
        #expect(test.status == 0, "\(test.output)\n\(test.errors)")
        #expect(test.output.contains("Test run with 26 tests"), "\(test.output)")
        let transcripts = try CommandRun(Self.scratch + "/debug/greeter", ["test", "examples/"], in: root)
        #expect(transcripts.status == 0, "\(transcripts.output)")
        #expect(transcripts.output.contains("5 passed, 0 failed"), "\(transcripts.output)")
        #expect(try Self.styleViolations(inPackage: root) == [])
        try Self.expectPlainLinesAtATerminal(from: Self.scratch + "/debug/greeter")
        try Self.expectNoPostgreSQL(in: Self.scratch + "/debug/greeter", root: root)
        try Self.expectATypedClientOfItsOwnApps(from: Self.scratch + "/debug/greeter", root: root)
        try Self.expectExploreToReachEverything(from: Self.scratch + "/debug/greeter", root: root)
    }

    /// `greeter explore` with its defaults reaches every scene and sends every event of the
    /// package's app, each module's shape included, and finds no breach.
    private static func expectExploreToReachEverything(from greeter: String, root: String) throws {
        let run = try CommandRun(greeter, ["explore", "--out", "explored"], in: root)
        #expect(run.status == 0, "\(run.output)\n\(run.errors)")
        let reports = try FileManager.default.contentsOfDirectory(atPath: root + "/explored").filter { $0.hasSuffix("-coverage.md") }
        #expect(reports == ["greeter-coverage.md"])
        for report in reports {
            let coverage = try String(contentsOfFile: root + "/explored/" + report, encoding: .utf8)
            #expect(!coverage.contains("never"), "\(report):\n\(coverage)")
        }
    }

    /// The new package in `folder` with a second screen, Settings (`viper new module
    /// --presented`), its command built; returns the package's folder.
    private static func buildWithSettingsScreen(_ folder: TemporaryDirectory) throws -> String {
        let root = folder.path + "/Greeter"
        let module = try CommandRun.viper(["new", "module", "Settings", "--app", "greeter", "--presented"], in: root)
        try #require(module.status == 0, "\(module.errors)")
        let build = try CommandRun("/usr/bin/env", ["swift", "build", "--product", "greeter", "--scratch-path", scratch], in: root)
        try #require(build.status == 0, "\(build.output)\n\(build.errors)")
        return root
    }

    /// Saves the Settings Presenter `presenterText` with a member that does not exist, and reads
    /// `dev`'s output until it says the build failed, with the compiler's error.
    private static func saveAChangeThatDoesNotBuild(_ presenterText: String, to presenter: String, dev: ServeProcess) throws {
        try presenterText.replacingOccurrences(of: "text: draft.text,", with: "text: draft.txt,")
            .write(toFile: presenter, atomically: true, encoding: .utf8)
        _ = try dev.readLines(through: "· the build failed; the engine that ran goes on", timeout: 600)
        _ = try dev.readLines(through: "error: value of type 'SettingsDraft' has no member 'txt'", timeout: 20)
    }

    /// Made without viper's PostgreSQL trait, the command has none of PostgreSQL's code, and
    /// `serve --database` says how to build it in.
    private static func expectNoPostgreSQL(in greeter: String, root: String) throws {
        let binary = try Data(contentsOf: URL(fileURLWithPath: greeter))
        for module in ["PostgresNIO", "NIOSSL", "ViperStorePostgres"] {
            #expect(binary.range(of: Data(module.utf8)) == nil, "the command links \(module)")
        }
        let serve = try CommandRun(greeter, ["serve", "--database", "postgres://greeter@127.0.0.1:9/greeter"], in: root)
        #expect(serve.status != 0)
        #expect(serve.errors.contains("built without PostgreSQL"), "\(serve.errors)")
        #expect(serve.errors.contains(#"traits: ["PostgreSQL"]"#), "\(serve.errors)")
    }

    /// `greeter typegen` writes a client of the package's own apps, named after its command,
    /// which `tsc --strict` accepts.
    private static func expectATypedClientOfItsOwnApps(from greeter: String, root: String) throws {
        let run = try CommandRun(greeter, ["typegen", "--language", "typescript", "--out", "web/greeter-apps"], in: root)
        #expect(run.status == 0, "\(run.errors)")
        let declarations = try String(contentsOfFile: root + "/web/greeter-apps/apps.d.ts", encoding: .utf8)
        #expect(declarations.hasPrefix("// Generated by `greeter typegen --language typescript` from greeter "), "\(declarations)")
        #expect(declarations.contains(#"export type AppName = "greeter";"#), "\(declarations)")
        for kind in ["greeter.home", "greeter.settings", "greeter.profile", "greeter.notes", "greeter.cart"] {
            #expect(declarations.contains("readonly \"\(kind)\": "), "\(kind) is missing")
        }
        #expect(try String(contentsOfFile: root + "/web/greeter-apps/package.json", encoding: .utf8).contains(#""name": "greeter-apps","#))
        let tsc = try CommandRun(
            "/usr/bin/env", ["tsc", "--strict", "--noEmit", "--target", "es2020", "--lib", "es2020,dom", "--module", "node16", "--moduleResolution", "node16", "web/greeter-apps/index.d.ts"],
            in: root)
        #expect(tsc.status == 0, "tsc (Debian's node-typescript) refuses the client: \(tsc.output)\(tsc.errors)")
        let swift = try CommandRun(greeter, ["typegen", "--language", "swift", "--out", "ios"], in: root)
        #expect(swift.status == 0, "\(swift.errors)")
        #expect(FileManager.default.fileExists(atPath: root + "/ios/Sources/GreeterApps/Apps.swift"))
    }

    /// Another host's REPL, which has no line editor of its own, reads plain lines at a
    /// terminal, with its prompt, and names its own command in help.
    private static func expectPlainLinesAtATerminal(from greeter: String) throws {
        let terminal = try PseudoTerminal(executable: greeter, arguments: [], environment: ["TERM": "xterm", "HOME": NSTemporaryDirectory()])
        try terminal.waitFor("apps: greeter")
        try terminal.waitFor("greeter> ")
        terminal.type("start greeter\r")
        try terminal.waitFor("greeter.home#1 opened")
        try terminal.waitFor("greeter.home#1> ")
        terminal.type("help record\r")
        try terminal.waitFor("replays in a fresh engine: `greeter test FILE`")
        terminal.type("help start\r")
        let help = try terminal.waitFor("Example: start greeter")
        #expect(!help.contains("viper"), "\(help)")
        terminal.type("\u{4}")
        #expect(try terminal.waitForExit() == 0)
    }

    /// `greeter dev` over stdin, on the second screen of a new package: each saved change is
    /// built, and the session replayed into the new engine, with what the change changed.
    @Test func devBringsEachSavedChangeBackOnTheSameScreen() throws {
        let package = try NewCommandTests.newPackage()
        defer { package.remove() }
        let root = try Self.buildWithSettingsScreen(package)
        let presenter = root + "/Sources/GreeterApp/Settings/SettingsPresenter.swift"
        let contract = root + "/Sources/GreeterApp/Settings/SettingsContract.swift"
        let presenterText = try String(contentsOfFile: presenter, encoding: .utf8)
        let contractText = try String(contentsOfFile: contract, encoding: .utf8)
        // Long waits: each line after a saved change waits for a debug build of the package.
        let buildWait = 600.0

        let dev = try ServeProcess(
            arguments: ["dev", "--package-path", root, "--scratch-path", Self.scratch, "--now", "2026-11-24T09:00:00Z", "--time-zone", "UTC"],
            environment: ProcessInfo.processInfo.environment.merging(["NO_COLOR": "1"]) { $1 }, executable: Self.scratch + "/debug/greeter")
        for command in ["start greeter", "openTapped settings", "textChanged Hello", "submitTapped", "textChanged Draft"] {
            dev.write(line: command)
        }
        _ = try dev.readLines(through: "text: Draft", timeout: buildWait)

        // A change to the Presenter: the same screen drawn by the new code, what was typed kept.
        try presenterText.replacingOccurrences(of: "text: draft.text,", with: "text: draft.text.uppercased(),")
            .write(toFile: presenter, atomically: true, encoding: .utf8)
        let reloaded = try dev.readLines(through: "text: DRAFT", timeout: buildWait).joined(separator: "\n")
        #expect(reloaded.contains("· rebuilt in "), "\(reloaded)")
        #expect(reloaded.contains("replayed 6 requests"), "\(reloaded)")
        #expect(reloaded.contains(#"step 6 (textChanged on greeter.settings#1), greeter.settings#1: viewModel.text: expected "Draft", actual "DRAFT""#), "\(reloaded)")
        #expect(reloaded.contains("greeter.settings#1 ═"), "the scene on top is drawn again: \(reloaded)")
        let examples = try dev.readLines(through: "· examples/: ", timeout: buildWait).last ?? ""
        #expect(examples.contains("passed, 1 failed"), "the settings transcript expects the text as typed: \(examples)")

        // A change that breaks the build: the compiler's error, and the engine that ran goes on.
        try Self.saveAChangeThatDoesNotBuild(presenterText, to: presenter, dev: dev)
        dev.write(line: "textChanged More")
        _ = try dev.readLines(through: "text: MORE", timeout: buildWait)

        // A change that removes an event the session sent: the replay stops there, saying why.
        try presenterText.replacingOccurrences(of: "        case .submitTapped:\n            await show(await interactor.submit())\n", with: "")
            .write(toFile: presenter, atomically: true, encoding: .utf8)
        try contractText.replacingOccurrences(of: "        case submitTapped\n", with: "")
            .replacingOccurrences(of: "case textChanged, submitTapped, closeTapped", with: "case textChanged, closeTapped")
            .write(toFile: contract, atomically: true, encoding: .utf8)
        let stopped = try dev.readLines(through: "· the replay stopped at ", timeout: buildWait).last ?? ""
        #expect(stopped.contains("step 5 (submitTapped on greeter.settings#1), which the new code refuses"), "\(stopped)")
        #expect(stopped.contains("has no event 'submitTapped'"), "\(stopped)")
        // The session goes on from the last screen that replayed: the text typed before it.
        dev.write(line: "show")
        let shown = try dev.readLines(through: "text: Hello", timeout: buildWait).joined(separator: "\n")
        #expect(!shown.contains("MORE"), "\(shown)")
        let exit = try dev.finish()
        #expect(exit.status == 0, "\(exit.standardError)")
    }

    /// `greeter dev --listen` over WebSocket: a saved change starts the engine again on the
    /// same port, and a client that resumes its session there finds its screen drawn by the
    /// new code, with what it typed; a change that does not build leaves the engine serving.
    @Test func devListenRestartsTheEngineOnASavedChangeAndASessionResumesOnIt() throws {
        let package = try NewCommandTests.newPackage()
        defer { package.remove() }
        let root = try Self.buildWithSettingsScreen(package)
        let presenter = root + "/Sources/GreeterApp/Settings/SettingsPresenter.swift"
        let presenterText = try String(contentsOfFile: presenter, encoding: .utf8)
        let buildWait = 600.0
        let journalFolders = { Set((try? FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory())) ?? []).filter { $0.hasPrefix("greeter-dev-") } }
        let foldersBefore = journalFolders()

        let dev = try ServeProcess(
            arguments: ["dev", "--listen", "127.0.0.1:0", "--package-path", root, "--scratch-path", Self.scratch],
            environment: ProcessInfo.processInfo.environment.merging(["NO_COLOR": "1"]) { $1 }, executable: Self.scratch + "/debug/greeter")
        let watching = try dev.readLines(through: "· watching Sources/", timeout: buildWait).last ?? ""
        let port = try #require(watching.firstMatch(of: /starts it again on 127\.0\.0\.1:(\d+);/).flatMap { UInt16($0.1) }, "\(watching)")
        #expect(journalFolders().subtracting(foldersBefore).count == 1, "the journals live in a folder of dev's own")
        let client = try WebSocketTestClient(port: port)
        let initialize = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"now":"2026-11-24T09:00:00Z"}}"#
        let key = try #require(try client.call(initialize, id: 1).last?.firstMatch(of: /"resumeKey":"([0-9a-f]{32})"/)?.1)
        _ = try client.call(Wire.request(2, "app.start", #"{"app":"greeter"}"#), id: 2)
        _ = try client.call(Wire.event(3, "greeter.home#1", "openTapped", #"{"screen":"settings"}"#), id: 3)
        let typed = try client.call(Wire.event(4, "greeter.settings#1", "textChanged", #"{"text":"Hello"}"#), id: 4)
        #expect(typed.first?.contains(#""text":"Hello""#) == true, "\(typed)")

        try presenterText.replacingOccurrences(of: "text: draft.text,", with: "text: draft.text.uppercased(),")
            .write(toFile: presenter, atomically: true, encoding: .utf8)
        _ = try dev.readLines(through: "· rebuilt and started again in ", timeout: buildWait)
        let again = try WebSocketTestClient(port: port)
        let resumed = try again.call(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"now":"2026-11-24T09:00:00Z","resume":"\#(key)"}}"#, id: 1)
        #expect(resumed.contains { $0.contains(#""scene":"greeter.settings#1""#) && $0.contains(#""text":"HELLO""#) }, "\(resumed)")
        #expect(resumed.last?.contains(#""resume":{"replayed":3}"#) == true, "\(resumed)")
        let examples = try dev.readLines(through: "· examples/: ", timeout: buildWait).last ?? ""
        #expect(examples.contains("1 passed, 1 failed"), "\(examples)")

        try Self.saveAChangeThatDoesNotBuild(presenterText, to: presenter, dev: dev)
        // The page shows it as a banner, from what the engine serves at /dev-status.
        let status = String(decoding: try WebSocketTestClient.get(port: port, path: "/dev-status").body, as: UTF8.self)
        #expect(status.contains(#""state":"failed""#) && status.contains("has no member 'txt'"), "\(status)")
        let more = try again.call(Wire.event(2, "greeter.settings#1", "textChanged", #"{"text":"More"}"#), id: 2)
        #expect(more.first?.contains(#""text":"MORE""#) == true, "the engine that ran still serves: \(more)")

        dev.kill(SIGINT)
        let exit = try dev.waitForExit()
        #expect(exit.status == 0, "\(exit.standardError.suffix(2000))")
        #expect(journalFolders() == foldersBefore, "the journals' folder goes with dev")
    }

    @Test func theTutorialWorksAsWrittenFromANewFolder() throws {
        let markdown = try String(contentsOf: DocumentedSession.packageRoot.appendingPathComponent("docs/your-first-app.md"), encoding: .utf8)
        let steps = try Tutorial(markdown: markdown).steps
        try #require(steps.first == .commands(Self.viperSetup), "the tutorial no longer starts by building viper as this test expects")
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        var shell = TutorialShell(folder: folder.path, scratch: Self.scratch)
        var dev: ServeProcess?
        for step in steps.dropFirst() {
            if let running = dev, !step.goesOnWithDev {
                try Self.end(running)
                dev = nil
            }
            switch step {
            case .devSession(let command, let lines):
                let started = try shell.start(command)
                dev = started
                try Self.play(lines, on: started)
            case .devContinues(let lines):
                try Self.play(lines, on: try #require(dev, "a console block without a command follows no dev session"))
            case .commands(let script):
                let run = try shell.run(script)
                try #require(run.status == 0, "\(script)\n\(run.output.suffix(3000))\n\(run.errors.suffix(3000))")
            case .session(let command, let typed, let printed):
                let run = try shell.run(command, input: typed.map { $0 + "\n" }.joined())
                try #require(run.status == 0, "\(command)\n\(run.errors.suffix(3000))")
                #expect(run.output == printed, "\(command), typing \(typed)")
            case .file(let path, let text):
                try shell.write(text, to: path)
            case .changes(let patch):
                let file = folder.path + "/tutorial.diff"
                try patch.write(toFile: file, atomically: true, encoding: .utf8)
                let run = try shell.run("git apply '\(file)'")
                try #require(run.status == 0, "\(patch)\n\(run.errors)")
            }
        }
        if let dev { try Self.end(dev) }
        #expect(try Self.styleViolations(inPackage: shell.folder) == [])
    }

    /// Types and reads a dev session's lines in turn: a line is typed once every line printed
    /// before it has come. Times (`rebuilt in 4.3 s`) differ from run to run and are not compared.
    private static func play(_ lines: [Tutorial.SessionLine], on dev: ServeProcess) throws {
        for line in lines {
            switch line {
            case .typed(let text):
                dev.write(line: text)
            case .printed(let expected):
                // A line after a saved change waits for a debug build of the package.
                let actual = try dev.readLine(timeout: 900)
                #expect(withoutTimes(actual) == withoutTimes(expected))
            }
        }
    }

    private static func withoutTimes(_ line: String) -> String {
        line.replacing(/\d+\.\d s/, with: "N s")
    }

    /// Ends a dev session as its reader does, with Ctrl-D: it exits well, having printed nothing more.
    private static func end(_ dev: ServeProcess) throws {
        let exit = try dev.finish()
        #expect(exit.status == 0, "\(exit.standardError.suffix(3000))")
        #expect(exit.remainingLines == [])
    }

    /// What breaks the style rules (`StyleRules`) in the package at `root`, with viper's protocols known.
    private static func styleViolations(inPackage root: String) throws -> [StyleRules.Violation] {
        let package = URL(fileURLWithPath: root)
        let rules = StyleRules(protocolRoots: [DocumentedSession.packageRoot.appendingPathComponent("Sources"), package.appendingPathComponent("Sources")])
        return try rules.violations(inPackage: package)
    }
}
