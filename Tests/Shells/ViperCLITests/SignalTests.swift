import Foundation
import StoreFaults
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SIGTERM and SIGINT stop the engine cleanly: it stops reading, finishes the request in
/// progress (its commit and its whole response), writes whole lines only, and exits 0. A second
/// signal exits at once.
struct SignalTests {
    static let now = "2026-11-19T09:00:00Z"

    @Test(arguments: [SIGTERM, SIGINT])
    func aSignalWhileWaitingForInputEndsTheEngineWithStatusZero(_ signal: Int32) throws {
        let engine = try ServeProcess()
        try engine.startTodo(now: Self.now)
        engine.kill(signal)
        let exit = try engine.waitForExit()
        #expect(exit.reason == .exit && exit.status == 0, "\(exit.reason) \(exit.status): \(exit.standardError)")
        #expect(exit.remainingLines.isEmpty)
    }

    @Test func aSignalDuringPipelinedSavesKeepsEverySaveThatWasAnsweredAndNoOther() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let database = directory.path + "/todo.sqlite"
        let engine = try ServeProcess(serving: ["--db", database])
        try engine.startTodo(now: Self.now)
        var titlesBySaveID: [String: String] = [:]
        for save in 1...1000 {
            let title = "Save \(save)"
            let scene = "todo.add#\(save)"
            let firstID = 10 * save
            titlesBySaveID[String(firstID + 3)] = title
            engine.write(line: Wire.event(firstID, "todo.list#1", "addTapped"))
            engine.write(line: Wire.event(firstID + 1, scene, "titleChanged", #"{"title":"\#(title)"}"#))
            engine.write(line: Wire.event(firstID + 2, scene, "dueDateChanged", #"{"dueDate":"2026-11-19"}"#))
            engine.write(line: Wire.event(firstID + 3, scene, "saveTapped"))
        }
        var read = [try engine.readLine()]
        engine.kill(SIGTERM)
        let exit = try engine.waitForExit()
        read += exit.remainingLines
        #expect(exit.reason == .exit && exit.status == 0, "\(exit.reason) \(exit.status): \(exit.standardError)")

        // Every line is whole JSON (waitForExit fails on a cut line), and the last one ends a request.
        #expect(read.allSatisfy { WireJSON.object($0) != nil })
        #expect(read.last.map { WireJSON.object($0)?["result"] != nil } == true, "\(read.suffix(3))")
        let answered = Set(read.compactMap { line -> String? in
            guard let message = WireJSON.object(line), message["result"] != nil, let id = message["id"] else { return nil }
            return titlesBySaveID[WireJSON.text(of: id)]
        })
        #expect(answered.count < 1000, "the engine read on after the signal")

        let next = try ServeProcess(serving: ["--db", database])
        let listed = Set(try ListViewModel(lastRenderIn: try next.startTodo(now: Self.now)).rows.map(\.title))
        #expect(listed == answered)
    }

    @Test func aSignalDuringASaveWaitsForItsCommitAndItsResponse() throws {
        let file = try StoreFile()
        let engine = try ServeProcess(serving: ["--db", file.path])
        try engine.startTodo(now: Self.now)
        _ = try engine.call(Wire.event(3, "todo.list#1", "addTapped"))
        _ = try engine.call(Wire.event(4, "todo.add#1", "titleChanged", #"{"title":"Finish me"}"#))
        _ = try engine.call(Wire.event(5, "todo.add#1", "dueDateChanged", #"{"dueDate":"2026-11-19"}"#))
        // Another connection holds the write lock, so the save waits (up to 5 s) in SQLite.
        let lock = try DatabaseLock(path: file.path)
        engine.write(line: Wire.event(6, "todo.add#1", "saveTapped"))
        engine.write(line: Wire.request(7, "engine.state"))
        Thread.sleep(forTimeInterval: 0.3)
        engine.kill(SIGTERM)
        Thread.sleep(forTimeInterval: 0.3)
        try lock.release()

        let exit = try engine.waitForExit()
        #expect(exit.reason == .exit && exit.status == 0, "\(exit.reason) \(exit.status): \(exit.standardError)")
        #expect(exit.remainingLines.last == Wire.result(6, "{}"), "\(exit.remainingLines)")
        let next = try ServeProcess(serving: ["--db", file.path])
        #expect(try ListViewModel(lastRenderIn: try next.startTodo(now: Self.now)).rows.map(\.title) == ["Finish me"])
    }

    @Test func aSecondSignalEndsTheEngineAtOnceWithoutAHalfLine() throws {
        let file = try StoreFile()
        let engine = try ServeProcess(serving: ["--db", file.path])
        try engine.startTodo(now: Self.now)
        _ = try engine.call(Wire.event(3, "todo.list#1", "addTapped"))
        _ = try engine.call(Wire.event(4, "todo.add#1", "titleChanged", #"{"title":"Never saved"}"#))
        _ = try engine.call(Wire.event(5, "todo.add#1", "dueDateChanged", #"{"dueDate":"2026-11-19"}"#))
        let lock = try DatabaseLock(path: file.path)
        engine.write(line: Wire.event(6, "todo.add#1", "saveTapped"))
        Thread.sleep(forTimeInterval: 0.3)
        engine.kill(SIGTERM)
        Thread.sleep(forTimeInterval: 0.2)
        engine.kill(SIGTERM)

        // waitForExit fails on a cut line. Had the engine waited for the lock, which the test
        // holds until the engine is gone, the save would have failed after SQLite's timeout and
        // been answered with an error; no answer at all means the engine did not wait.
        let exit = try engine.waitForExit()
        #expect(exit.reason == .uncaughtSignal && exit.status == SIGTERM, "\(exit.reason) \(exit.status) \(exit.standardError)")
        #expect(exit.remainingLines.isEmpty, "\(exit.remainingLines)")
        try lock.release()
        let next = try ServeProcess(serving: ["--db", file.path])
        #expect(try ListViewModel(lastRenderIn: try next.startTodo(now: Self.now)).rows.isEmpty)
    }
}
