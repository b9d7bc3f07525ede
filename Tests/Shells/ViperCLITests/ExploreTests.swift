import Foundation
import Testing

/// `viper explore`, run as a user runs it: on the app with planted bugs (served by
/// `ProbeServer --planted`), whose bugs it must find and shrink to their shortest stories, and
/// on every app of the repository, which must keep every invariant.
struct ExploreTests {
    @Test("explore finds the planted crash and the spinner that never stops, each shrunk to its shortest story, which fails until the bug is fixed")
    func findsAndShrinksThePlantedBugs() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let planted = ViperBinary.probePath + " --planted"
        let run = try CommandRun(
            ViperBinary.path, ["explore", "--exec", planted, "--app", "planted", "--seed", "1", "--steps", "1500", "--out", folder.path],
            in: folder.path)
        #expect(run.status == 1, "\(run.output)\(run.errors)")
        #expect(run.output.contains("✘ no-crash at planted.confirm"), "\(run.output)")
        #expect(run.output.contains("✘ idle-settles at planted.load"), "\(run.output)")

        let crash = try String(contentsOfFile: folder.path + "/planted-no-crash-planted.confirm.transcript", encoding: .utf8)
        // The shortest story: the plan, a day past 2999, next, confirm.
        let events = crash.split(separator: "\n").filter { $0.hasPrefix("> view.event") }
        #expect(events.count == 4, "\(crash)")
        #expect(events.last?.contains("confirmTapped") == true, "\(crash)")
        #expect(crash.contains("! check no-crash"))
        let spinner = try String(contentsOfFile: folder.path + "/planted-idle-settles-planted.load.transcript", encoding: .utf8)
        #expect(spinner.split(separator: "\n").filter { $0.hasPrefix("> view.event") }.count == 2, "\(spinner)")
        #expect(spinner.contains(#""method":"$/cancelRequest""#), "\(spinner)")

        // Each story fails while the bug is there, and passes once it is fixed.
        for story in ["planted-no-crash-planted.confirm.transcript", "planted-idle-settles-planted.load.transcript"] {
            let buggy = try CommandRun(ViperBinary.path, ["test", "--exec", planted, story], in: folder.path)
            #expect(buggy.status == 1, "\(story): \(buggy.output)")
            let fixed = try CommandRun(ViperBinary.path, ["test", "--exec", planted + " --fixed", story], in: folder.path)
            #expect(fixed.status == 0, "\(story): \(fixed.output)")
        }
        #expect(FileManager.default.fileExists(atPath: folder.path + "/planted.dot"))
        let coverage = try String(contentsOfFile: folder.path + "/planted-coverage.md", encoding: .utf8)
        #expect(coverage.contains("| planted.confirm | confirmTapped |"), "\(coverage)")
    }

    @Test("with its defaults, explore finds the crash three screens and ten events deep, behind a form that must be filled right, and shrinks it to those ten")
    func findsTheDeepCrashWithTheDefaults() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let planted = ViperBinary.probePath + " --planted"
        let run = try CommandRun(ViperBinary.path, ["explore", "--exec", planted, "--app", "planted", "--out", folder.path], in: folder.path)
        #expect(run.status == 1, "\(run.output)\(run.errors)")
        #expect(run.output.contains("✘ no-crash at planted.pay"), "\(run.output)")
        let story = try String(contentsOfFile: folder.path + "/planted-no-crash-planted.pay.transcript", encoding: .utf8)
        // The trip; its traveller, passengers, day and airport; next; seat 1F; continue; agree; pay.
        let events = story.split(separator: "\n").filter { $0.hasPrefix("> view.event") }
        #expect(events.count == 10, "\(story)")
        #expect(events.contains { $0.contains(#""seatId":"1F""#) } && events.last?.contains("payTapped") == true, "\(story)")
        let buggy = try CommandRun(ViperBinary.path, ["test", "--exec", planted, "planted-no-crash-planted.pay.transcript"], in: folder.path)
        #expect(buggy.status == 1, "\(buggy.output)")
        let fixed = try CommandRun(ViperBinary.path, ["test", "--exec", planted + " --fixed", "planted-no-crash-planted.pay.transcript"], in: folder.path)
        #expect(fixed.status == 0, "\(fixed.output)")
    }

    @Test("--timeline writes when each scene and event was first covered; --strategy random walks as a monkey, which never books a flight")
    func timelineAndStrategy() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        func timeline(_ strategy: String) throws -> [[String]] {
            let out = folder.path + "/" + strategy
            let run = try CommandRun(
                ViperBinary.path, ["explore", "--app", "flights", "--strategy", strategy, "--timeline", "--steps", "300", "--out", out], in: folder.path)
            #expect(run.status == 0, "\(run.output)\(run.errors)")
            let text = try String(contentsOfFile: out + "/flights-timeline.csv", encoding: .utf8)
            return text.split(separator: "\n").map { $0.split(separator: ",").map(String.init) }
        }
        let steered = try timeline("steered")
        #expect(steered.first == ["seconds", "actions", "covered", "total"])
        // Flights has 5 scenes and 12 events; the last row is the walk's end.
        #expect(steered.last?.suffix(3) == ["300", "17", "17"], "\(steered)")
        let covered = steered.dropFirst().map { Int($0[2]) ?? 0 }
        #expect(covered == covered.sorted() && Set(covered.dropLast()).count == covered.count - 1, "one row each time more was covered: \(steered)")
        let random = try timeline("random")
        #expect((Int(random.last?[2] ?? "") ?? 17) < 17, "\(random)")
        #expect(try String(contentsOfFile: folder.path + "/random/flights-coverage.md", encoding: .utf8).contains("| flights.summary | (never reached) |"))
    }

    @Test("explore finds an engine that renders a scene after it left, which viper's own engine never does")
    func findsARenderAfterLeaveInAnotherEngine() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let buggyEngine = ViperBinary.probePath + " --planted --fixed --render-after-leave"
        let run = try CommandRun(
            ViperBinary.path, ["explore", "--exec", buggyEngine, "--app", "planted", "--steps", "300", "--out", folder.path], in: folder.path)
        #expect(run.status == 1, "\(run.output)\(run.errors)")
        #expect(run.output.contains("✘ no-render-after-leave"), "\(run.output)")
        #expect(!run.output.contains("✘ no-crash"), "\(run.output)")
        let file = "planted-no-render-after-leave-planted.plan.transcript"
        let story = try String(contentsOfFile: folder.path + "/" + file, encoding: .utf8)
        // The shortest story: open a scene, leave it.
        #expect(story.split(separator: "\n").filter { $0.hasPrefix("> view.") }.count == 2, "\(story)")
        let replay = try CommandRun(ViperBinary.path, ["test", "--exec", buggyEngine, file], in: folder.path)
        #expect(replay.status == 1 && replay.output.contains("broke the invariant no-render-after-leave"), "\(replay.output)")
        let fixedEngine = try CommandRun(ViperBinary.path, ["test", "--exec", ViperBinary.probePath + " --planted --fixed", file], in: folder.path)
        #expect(fixedEngine.status == 0, "\(fixedEngine.output)")
    }

    @Test("the same seed writes the same bytes, for every app, Chat's feed and its timers included")
    func theSameSeedWritesTheSameBytes() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        func walk(into name: String) throws -> [String: Data] {
            let out = folder.path + "/" + name
            let run = try CommandRun(ViperBinary.path, ["explore", "--seed", "42", "--out", out], in: folder.path)
            #expect(run.status == 0, "\(run.output)\(run.errors)")
            let files = try FileManager.default.contentsOfDirectory(atPath: out)
            return Dictionary(uniqueKeysWithValues: try files.map { ($0, try Data(contentsOf: URL(fileURLWithPath: out + "/" + $0))) })
        }
        let first = try walk(into: "first")
        let second = try walk(into: "second")
        #expect(first.keys.contains("chat-coverage.md") && first.keys.contains("chat.dot"), "\(first.keys.sorted())")
        #expect(first.keys.sorted() == second.keys.sorted())
        for (file, bytes) in first where second[file] != bytes {
            Issue.record("\(file) differs between two walks of the same seed")
        }
    }

    @Test("with the defaults, every app keeps every invariant and reaches every scene and sends every event")
    func everyAppKeepsEveryInvariantAndIsCoveredWithTheDefaults() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let run = try CommandRun(ViperBinary.path, ["explore", "--out", folder.path], in: folder.path)
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        for app in ["todo", "accounts", "news", "weather", "flights", "chat"] {
            #expect(run.output.contains("\(app): 400 actions"), "\(run.output)")
            // Flights' sold-out alert is reached only through the 409 its app declares.
            let coverage = try String(contentsOfFile: folder.path + "/\(app)-coverage.md", encoding: .utf8)
            #expect(!coverage.contains("never"), "\(app):\n\(coverage)")
        }
        #expect(!run.output.contains("✘"), "\(run.output)")
    }

    @Test("every app keeps every invariant in an engine of its own process too, where a crash would end the process", arguments: ["todo", "accounts", "news", "weather", "flights", "chat"])
    func everyAppKeepsEveryInvariantInAProcessOfItsOwn(app: String) throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let schema = try CommandRun(ViperBinary.path, ["schema"], in: folder.path)
        try schema.output.write(toFile: folder.path + "/protocol.schema.json", atomically: true, encoding: .utf8)
        let engine = ViperBinary.path + " serve --db :memory:"
        let run = try CommandRun(
            ViperBinary.path,
            ["explore", "--exec", engine, "--app", app, "--schema", "protocol.schema.json", "--steps", "120", "--time-limit", "30", "--out", folder.path],
            in: folder.path)
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        #expect(run.output.contains("\(app): 120 actions"), "\(run.output)")
    }

    @Test("--exec needs --app, and an unknown app is named with the ones there are")
    func mistakesAreExplained() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let noApp = try CommandRun(ViperBinary.path, ["explore", "--exec", "cat", "--out", folder.path], in: folder.path)
        #expect(noApp.status != 0)
        #expect(noApp.errors.contains("--app"), "\(noApp.errors)")
        let unknown = try CommandRun(ViperBinary.path, ["explore", "--app", "nope", "--out", folder.path], in: folder.path)
        #expect(unknown.status != 0)
        #expect(unknown.errors.contains("the apps are todo"), "\(unknown.errors)")
    }
}
