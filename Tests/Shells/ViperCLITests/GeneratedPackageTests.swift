import Foundation
import Testing

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

    @Test func theTutorialWorksAsWrittenFromANewFolder() throws {
        let markdown = try String(contentsOf: DocumentedSession.packageRoot.appendingPathComponent("docs/your-first-app.md"), encoding: .utf8)
        let steps = try Tutorial(markdown: markdown).steps
        try #require(steps.first == .commands(Self.viperSetup), "the tutorial no longer starts by building viper as this test expects")
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        var shell = TutorialShell(folder: folder.path, scratch: Self.scratch)
        for step in steps.dropFirst() {
            switch step {
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
        #expect(try Self.styleViolations(inPackage: shell.folder) == [])
    }

    /// What breaks the style rules (`StyleRules`) in the package at `root`, with viper's protocols known.
    private static func styleViolations(inPackage root: String) throws -> [StyleRules.Violation] {
        let package = URL(fileURLWithPath: root)
        let rules = StyleRules(protocolRoots: [DocumentedSession.packageRoot.appendingPathComponent("Sources"), package.appendingPathComponent("Sources")])
        return try rules.violations(inPackage: package)
    }
}
