import Foundation
import Testing

@testable import ViperCommandLine

/// The parts of `dev` that need no build: what it shows of a failed build, how it names a
/// request, and how it notices a saved change.
struct DevPartsTests {
    @Test func aFailedBuildShowsItsFirstErrorsWithTheirCodeOnceEach() {
        let output = """
            Building for debugging...
            /p/Sources/App/Presenter.swift:29:25: error: value of type 'Draft' has no member 'txt'
            27 |     private func show(_ draft: Draft) async {
            28 |         await view.render(Scene.ViewModel(
            29 |             text: draft.txt))
               |                         `- error: value of type 'Draft' has no member 'txt'
            30 |     }

            /p/Sources/App/Presenter.swift:29:25: error: value of type 'Draft' has no member 'txt'
            /p/Sources/App/Router.swift:3:1: error: expected declaration
            /p/Sources/App/Other.swift:1:1: error: a third
            /p/Sources/App/More.swift:1:1: error: a fourth
            error: fatalError
            """
        let shown = PackageBuilder.firstErrors(in: output)
        #expect(shown == """
            /p/Sources/App/Presenter.swift:29:25: error: value of type 'Draft' has no member 'txt'
            27 |     private func show(_ draft: Draft) async {
            28 |         await view.render(Scene.ViewModel(
            29 |             text: draft.txt))
               |                         `- error: value of type 'Draft' has no member 'txt'
            30 |     }
            /p/Sources/App/Router.swift:3:1: error: expected declaration
            /p/Sources/App/Other.swift:1:1: error: a third
            """)
    }

    @Test func aFailureThatNamesNoErrorShowsTheOutputsEnd() {
        let output = (1...20).map { "line \($0)" }.joined(separator: "\n")
        #expect(PackageBuilder.firstErrors(in: output) == (6...20).map { "line \($0)" }.joined(separator: "\n"))
    }

    @Test func aRequestIsNamedInAFewWords() {
        #expect(DevLoop.summary(of: #"{"jsonrpc":"2.0","id":4,"method":"view.event","params":{"scene":"todo.add#1","event":"titleChanged","data":{"title":"x"}}}"#)
            == "titleChanged on todo.add#1")
        #expect(DevLoop.summary(of: #"{"jsonrpc":"2.0","id":2,"method":"app.start","params":{"app":"todo"}}"#) == "app.start todo")
        #expect(DevLoop.summary(of: #"{"jsonrpc":"2.0","id":5,"method":"view.back","params":{"scene":"todo.add#1"}}"#) == "view.back todo.add#1")
        #expect(DevLoop.summary(of: #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#) == "initialize")
        #expect(DevLoop.summary(of: "not json") == "not json")
    }

    @Test func aPathIsOneWordForTheShell() {
        #expect(DevLoop.shellQuoted("/tmp/it's here/greeter") == #"'/tmp/it'\''s here/greeter'"#)
    }

    @Test func aSavedSourceIsNoticedOnceItSettlesAndHiddenFilesAndBackupsAreNot() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let root = URL(fileURLWithPath: folder.path)
        let sources = root.appendingPathComponent("Sources/App")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        try "// swift-tools-version: 6.1\n".write(to: root.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try "struct A {}\n".write(to: sources.appendingPathComponent("A.swift"), atomically: true, encoding: .utf8)
        let watcher = SourceWatcher(packageRoot: root)
        let before = watcher.snapshot()

        try "swap".write(to: sources.appendingPathComponent(".A.swift.swp"), atomically: true, encoding: .utf8)
        try "old".write(to: sources.appendingPathComponent("A.swift~"), atomically: true, encoding: .utf8)
        #expect(watcher.snapshot() == before)

        try "struct A { let b = 1 }\n".write(to: sources.appendingPathComponent("A.swift"), atomically: true, encoding: .utf8)
        let changed = try await watcher.change(since: before, interval: .milliseconds(20))
        #expect(changed != before)
        #expect(changed == watcher.snapshot())
    }

    @Test func theManifestIsWatchedToo() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let root = URL(fileURLWithPath: folder.path)
        try "// swift-tools-version: 6.1\n".write(to: root.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        let watcher = SourceWatcher(packageRoot: root)
        let before = watcher.snapshot()
        try "// swift-tools-version: 6.1\n// more\n".write(to: root.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        #expect(watcher.snapshot() != before)
    }
}
