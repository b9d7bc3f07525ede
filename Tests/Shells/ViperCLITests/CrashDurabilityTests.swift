import Foundation
import GRDB
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The durability promise of protocol.md: a save whose response the client has read is
/// committed, so killing the engine right after loses nothing and leaves the file sound.
///
/// Each round starts `viper serve` on the same file, pipelines a few whole save stories, reads a
/// random number of the lines they cause, and kills the engine with SIGKILL, whatever it is
/// doing: parsing, saving, or writing. The next round's engine must list every ToDo whose
/// `saveTapped` response was read, and at the end SQLite must find the file intact.
struct CrashDurabilityTests {
    /// Thursday 2026-11-19: every ToDo of the test is due that day, so the list shows them all.
    static let now = "2026-11-19T09:00:00Z"
    static let dueDay = "2026-11-19"
    /// Lines one save story writes: addTapped 3, titleChanged 2, dueDateChanged 2, saveTapped 3.
    static let linesPerSave = 10

    @Test func everySaveWhoseResponseWasReadSurvivesSIGKILLAndTheFileStaysSound() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let database = directory.path + "/todo.sqlite"
        var generator = SystemRandomNumberGenerator()
        var acknowledged: [String] = []
        var log: [String] = []

        for round in 1...12 {
            let engine = try ServeProcess(serving: ["--db", database])
            let started = try engine.startTodo(now: Self.now)
            let listed = Set(try ListViewModel(lastRenderIn: started).rows.map(\.title))
            let lost = acknowledged.filter { !listed.contains($0) }
            #expect(lost.isEmpty, "round \(round) lost acknowledged saves \(lost); rounds so far: \(log)")

            let saves = Int.random(in: 1...5, using: &generator)
            var titlesByResponseID: [String: String] = [:]
            for save in 1...saves {
                let title = "Round \(round) save \(save)"
                let scene = "todo.add#\(save)"
                let firstID = 10 * save
                titlesByResponseID[String(firstID + 3)] = title
                engine.write(line: Wire.event(firstID, "todo.list#1", "addTapped"))
                engine.write(line: Wire.event(firstID + 1, scene, "titleChanged", #"{"title":"\#(title)"}"#))
                engine.write(line: Wire.event(firstID + 2, scene, "dueDateChanged", #"{"dueDate":"\#(Self.dueDay)"}"#))
                engine.write(line: Wire.event(firstID + 3, scene, "saveTapped"))
            }
            // Kill after any number of lines, from none to all the stories cause.
            let linesBeforeKill = Int.random(in: 0...(saves * Self.linesPerSave), using: &generator)
            var read: [String] = []
            for _ in 0..<linesBeforeKill { read.append(try engine.readLine()) }
            engine.kill(SIGKILL)
            let exit = try engine.waitForExit()
            #expect(exit.reason == .uncaughtSignal || linesBeforeKill == saves * Self.linesPerSave)
            // Lines that arrived after the kill were written before it: the client read them too.
            read += exit.remainingLines
            for line in read {
                guard let message = WireJSON.object(line), message["result"] != nil, let id = message["id"],
                    let title = titlesByResponseID[WireJSON.text(of: id)]
                else { continue }
                acknowledged.append(title)
            }
            log.append("\(saves) saves, killed after \(linesBeforeKill) lines, \(read.count) read")
        }

        let engine = try ServeProcess(serving: ["--db", database])
        let listed = Set(try ListViewModel(lastRenderIn: try engine.startTodo(now: Self.now)).rows.map(\.title))
        #expect(acknowledged.filter { !listed.contains($0) }.isEmpty, "rounds: \(log)")
        #expect(try engine.finish().status == 0)

        let check = try DatabaseQueue(path: database).read { db in
            try String.fetchAll(db, sql: "PRAGMA integrity_check")
        }
        #expect(check == ["ok"])
    }
}
