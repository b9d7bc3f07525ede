import Foundation
import Testing

@testable import ViperCore

/// Sessions that keep journals, and sessions rebuilt from them (`initialize {"resume": KEY}`):
/// the journals are in memory here; the CLI's tests keep them in SQLite and PostgreSQL, and kill
/// processes between the two halves.
struct ResumeTests {
    private static let now = #"{"now":"2026-11-22T09:00:00Z"}"#

    /// A session with journals, initialized and with the probe app started; and its key.
    private func journaled(_ journals: MemoryJournals, http: any HTTPClient = UnusedHTTPClient(), params: String = Self.now) async throws -> (SessionHarness, String) {
        let harness = SessionHarness(http: http, journals: journals)
        let answer = await harness.call("initialize", params)
        let key = try #require(answer.last?.firstMatch(of: /"resumeKey":"([0-9a-f]{32})"/)?.1)
        _ = await harness.call("app.start", #"{"app":"probe"}"#)
        return (harness, String(key))
    }

    /// A new session on the same journals that resumes `key`: every line the resume wrote.
    private func resume(_ key: String, on journals: MemoryJournals, http: any HTTPClient = UnusedHTTPClient(), params: String = #""now":"2026-11-22T09:00:00Z""#) async -> (SessionHarness, [String]) {
        let harness = SessionHarness(http: http, journals: journals)
        return (harness, await harness.call("initialize", #"{\#(params),"resume":"\#(key)"}"#))
    }

    @Test("The journal keeps the methods that change a session, as each method's type declares, and no other")
    func eachMethodSaysWhetherTheJournalKeepsIt() {
        let methods = Session.methodTable(version: .v1_1, allowingFaults: true)
        let journaled = Set(methods.values.filter(\.isJournaled).map(\.method))
        #expect(journaled == ["app.start", "view.event", "view.back", "clock.set", "notification.post", "debug.injectFault"])
        #expect(methods.count > journaled.count, "the methods that only read the session are there too, unjournaled")
    }

    @Test("Without journals, initialize's answer is the bytes it always was: no resumeKey")
    func noJournalsNoKey() async {
        let answer = await SessionHarness().call("initialize", Self.now)
        #expect(answer.last?.contains("resumeKey") == false)
        #expect(answer.last?.contains(#""protocolVersion":"1.1"}"#) == true, "\(answer)")
    }

    @Test("A resumed session shows the stack it had, bottom first, with the same ids and view models, and goes on from there")
    func theStackComesBack() async throws {
        let journals = MemoryJournals()
        let (first, key) = try await journaled(journals)
        _ = await first.event("probe#1", "countChanged", #"{"count":3}"#)
        _ = await first.event("probe#1", "pushTapped")
        let shown = await first.call("engine.state")

        let (second, resumed) = await resume(key, on: journals)
        // A key resumes once: the answer carries the next one.
        let next = try #require(resumed.last?.firstMatch(of: /"resumeKey":"([0-9a-f]{32})"/)?.1)
        #expect(next != key)
        expectLines(resumed, [
            #"{"jsonrpc":"2.0","method":"view.navigate","params":{"action":"root","kind":"probe","scene":"probe#1"}}"#,
            try #require(shown.last.flatMap { Self.render(of: "probe#1", in: $0) }),
            #"{"jsonrpc":"2.0","method":"view.navigate","params":{"action":"push","from":"probe#1","kind":"probe","scene":"probe#2"}}"#,
            try #require(shown.last.flatMap { Self.render(of: "probe#2", in: $0) }),
            #"{"id":1,"jsonrpc":"2.0","result":{"apps":["probe"],"capabilities":{"effects":[],"faultInjection":false,"maxLineBytes":1048576},"engine":{"name":"viper","version":"\#(EngineInfo.version)"},"protocolVersion":"1.1","resume":{"replayed":3},"resumeKey":"\#(next)"}}"#,
        ])
        #expect(await second.call("engine.state") == shown)
        // Numbering goes on where it stood: the next scene is the third.
        let pushed = await second.event("probe#2", "pushTapped")
        #expect(pushed.first?.contains(#""scene":"probe#3""#) == true, "\(pushed)")
    }

    @Test("The replay asks no server again: it gets the answers the journal kept")
    func answersComeFromTheJournal() async throws {
        let journals = MemoryJournals()
        let http = CountingHTTPClient()
        let (first, key) = try await journaled(journals, http: http)
        _ = await first.event("probe#1", "fetchTapped")
        _ = await first.event("probe.fetch#1", "fetchTapped", #"{"url":"https://example.com/news"}"#)
        #expect(http.requests == ["https://example.com/news"])
        let shown = await first.call("engine.state")

        let elsewhere = CountingHTTPClient()
        let (second, _) = await resume(key, on: journals, http: elsewhere)
        #expect(elsewhere.requests.isEmpty)
        #expect(await second.call("engine.state") == shown)
        #expect(shown.last?.contains("from https://example.com/news") == true, "\(shown)")
    }

    @Test("What the client performed is not asked of it again, and the ids of the engine's requests go on where they stood")
    func effectsAreNotAskedAgain() async throws {
        let journals = MemoryJournals()
        let params = #"{"now":"2026-11-22T09:00:00Z","capabilities":{"effects":["http"]}}"#
        let (first, key) = try await journaled(journals, params: params)
        _ = await first.event("probe#1", "fetchTapped")
        // A request that waits on the client: the View answers it, and the journal keeps that.
        let asked = await first.event("probe.fetch#1", "fetchTapped", #"{"url":"https://example.com/a"}"#)
        #expect(asked.last?.contains(#""id":"viper:1""#) == true, "\(asked)")
        _ = await first.send(#"{"jsonrpc":"2.0","id":"viper:1","result":{"status":200,"body":"a"}}"#)

        let (second, resumed) = await resume(key, on: journals, params: #""now":"2026-11-22T09:00:00Z","capabilities":{"effects":["http"]}"#)
        #expect(!resumed.contains { $0.contains("effect.http") }, "\(resumed)")
        // The next request to the client takes the next id: the numbering came back too.
        let next = await second.event("probe.fetch#1", "fetchTapped", #"{"url":"https://example.com/b"}"#)
        #expect(next.last?.contains(#""id":"viper:2""#) == true, "\(next)")
    }

    @Test("A started app cuts the journal: what came before it is removed, and the numbering of scenes goes on")
    func appStartCutsTheJournal() async throws {
        let journals = MemoryJournals()
        let (first, key) = try await journaled(journals)
        for _ in 0..<5 { _ = await first.event("probe#1", "countChanged", #"{"count":1}"#) }
        let before = journals.entries(of: key).count
        _ = await first.call("app.start", #"{"app":"probe"}"#)
        let after = journals.entries(of: key)
        #expect(after.count < before, "\(after.count) entries after, \(before) before")
        #expect(after.contains { $0.text.contains(#""c":"app.start""#) })

        let (second, resumed) = await resume(key, on: journals)
        #expect(resumed.first?.contains(#""scene":"probe#2""#) == true, "\(resumed)")
        #expect(resumed.last?.contains(#""resume":{"replayed":1}"#) == true, "\(resumed)")
        let pushed = await second.event("probe#2", "pushTapped")
        #expect(pushed.first?.contains(#""scene":"probe#3""#) == true, "\(pushed)")
    }

    @Test("A cancelled request is left out of the journal")
    func cancelledRequestsAreLeftOut() async throws {
        let journals = MemoryJournals()
        let http = HeldHTTPClient()
        let (first, key) = try await journaled(journals, http: http)
        _ = await first.event("probe#1", "fetchTapped")
        await first.accept(SessionHarness.event(7, "probe.fetch#1", "fetchTapped", #"{"url":"https://example.com/slow"}"#))
        try await Task.sleep(for: .milliseconds(50))
        _ = await first.send(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":7}}"#)
        _ = await first.settled()
        #expect(!journals.entries(of: key).contains { $0.text.contains("example.com/slow") })
    }

    /// Why a resume's answer, the last of `lines`, says it could not resume; nil when it did.
    private static func reason(_ lines: [String]) -> String? {
        lines.last?.firstMatch(of: /"kind":"cannotResume","reason":"(\w+)"/).map { String($0.1) }
    }

    @Test("A key no session has, an expired one, one of another workspace, and a server without journals each give a fresh session and say why")
    func keysThatCannotBeResumed() async throws {
        let journals = MemoryJournals()
        let (_, key) = try await journaled(journals, params: #"{"now":"2026-11-22T09:00:00Z","workspace":"ada"}"#)
        let reason = Self.reason
        let (unknown, unknownLines) = await resume(String(repeating: "0", count: 32), on: journals)
        #expect(reason(unknownLines) == "unknown")
        #expect(unknownLines.count == 1, "a fresh session shows nothing: \(unknownLines)")
        #expect(unknownLines.last?.contains(#""resumeKey":""#) == true, "a fresh session gets a key of its own")
        // The fresh session is initialized, and runs the app when asked.
        #expect(await unknown.call("app.start", #"{"app":"probe"}"#).last?.contains(#""scene":"probe#1""#) == true)

        #expect(reason(await resume(key, on: journals).1) == "workspace")
        #expect(reason(await SessionHarness().call("initialize", #"{"resume":"\#(key)"}"#)) == "unavailable")
        #expect(reason(await resume(key, on: journals, params: #""protocolVersion":"1.0","workspace":"ada""#).1) == "unavailable")
        journals.expire(key)
        #expect(reason(await resume(key, on: journals, params: #""workspace":"ada""#).1) == "expired")
    }

    @Test("The session a journal was taken from is ended with the reason and writes no more into it; the key it had resumes nothing more")
    func aTakenJournalEndsItsFormerOwner() async throws {
        let journals = MemoryJournals()
        let (first, key) = try await journaled(journals)
        let (second, resumed) = await resume(key, on: journals)
        let next = try #require(resumed.last?.firstMatch(of: /"resumeKey":"([0-9a-f]{32})"/)?.1)
        try await eventually { first.endedBecause == .resumedElsewhere }
        _ = await first.event("probe#1", "countChanged", #"{"count":9}"#)
        #expect(!journals.entries(of: key).contains { $0.text.contains(#""count":9"#) })
        _ = await second.event("probe#1", "countChanged", #"{"count":4}"#)
        #expect(journals.entries(of: key).contains { $0.text.contains(#""count":4"#) })
        // The first key is spent; the one the resume gave goes on.
        #expect(Self.reason(await resume(key, on: journals).1) == "unknown")
        #expect(Self.reason(await resume(String(next), on: journals).1) == nil)
    }

    @Test("Two resumes of one key at once: one gets the session, the other a fresh one, told the key is unknown")
    func concurrentResumesOneWins() async throws {
        let journals = MemoryJournals()
        let (_, key) = try await journaled(journals)
        async let one = resume(key, on: journals)
        async let two = resume(key, on: journals)
        let reasons = await [Self.reason(one.1), Self.reason(two.1)]
        #expect(reasons.filter { $0 == nil }.count == 1, "\(reasons)")
        #expect(reasons.contains("unknown"), "\(reasons)")
    }

    @Test("A key that is not 32 lowercase hexadecimal digits resumes nothing, even one with a NUL or a letter more")
    func malformedKeysAreUnknown() async throws {
        let journals = MemoryJournals()
        let (_, key) = try await journaled(journals)
        for bad in [key.uppercased(), key + "0", String(key.dropLast()), "../" + key.dropFirst(3)] {
            #expect(Self.reason(await resume(bad, on: journals).1) == "unknown", "\(bad)")
        }
        // No string of a request may hold U+0000: the request itself is refused.
        let nul = await resume(key + "\\u0000", on: journals).1
        #expect(nul.last?.contains(#""kind":"invalidParams","path":"params.resume""#) == true, "\(nul)")
        #expect(Self.reason(await resume(key, on: journals).1) == nil)
    }

    @Test("Requests the engine refuses before acting (an unknown scene, bad data) are not journaled: a client cannot grow a journal with them")
    func refusedRequestsAreLeftOut() async throws {
        let journals = MemoryJournals()
        let (first, key) = try await journaled(journals)
        let before = journals.entries(of: key).count
        for _ in 0..<200 { _ = await first.event("nowhere#1", "countChanged", #"{"count":1}"#) }
        for _ in 0..<200 { _ = await first.event("probe#1", "countChanged", #"{"count":"many"}"#) }
        _ = await first.settled()
        #expect(journals.entries(of: key).count == before, "\(journals.entries(of: key).count) entries, \(before) before")
    }

    @Test("Past its limits a journal is marked too long: the session goes on, a resume is refused with tooLong; the next app.start makes it whole again")
    func aJournalPastItsLimitsIsMarkedTooLong() async throws {
        let journals = MemoryJournals(limits: JournalLimits(maxEntries: 20, maxBytes: 1 << 20))
        let (first, key) = try await journaled(journals)
        for count in 0..<30 { _ = await first.event("probe#1", "countChanged", #"{"count":\#(count)}"#) }
        #expect(journals.isTooLong(key))
        #expect(journals.entries(of: key).isEmpty)
        // The session itself goes on as before.
        #expect(await first.event("probe#1", "countChanged", #"{"count":77}"#).first?.contains(#""count":77"#) == true)
        _ = await first.call("app.start", #"{"app":"probe"}"#)
        #expect(!journals.isTooLong(key))
        _ = await first.event("probe#2", "countChanged", #"{"count":5}"#)
        let (second, resumed) = await resume(key, on: journals)
        #expect(Self.reason(resumed) == nil, "\(resumed)")
        #expect(await second.call("engine.state").last?.contains(#""count":5"#) == true)
    }

    @Test("Requests pipelined while the journal is being marked too long are all answered: the mark covers what was dropped meanwhile")
    func requestsDuringTheMarkAreAnswered() async throws {
        let journals = MemoryJournals(limits: JournalLimits(maxEntries: 8, maxBytes: 1 << 20), writeDelay: .milliseconds(100))
        let (first, _) = try await journaled(journals)
        // A keystroke every 20 ms: some come while the mark is being written.
        for id in 10..<40 {
            await first.accept(SessionHarness.event(id, "probe#1", "countChanged", #"{"count":\#(id)}"#))
            try await Task.sleep(for: .milliseconds(20))
        }
        let lines = await first.lines(60, within: .seconds(5))
        let answered = Set(lines.compactMap { $0.firstMatch(of: /^\{"id":(\d+),/).map { Int($0.1)! } })
        #expect(Set(10..<40).isSubset(of: answered), "unanswered: \(Set(10..<40).subtracting(answered).sorted())")
    }

    @Test("Bytes count too: a journal past its bytes is marked too long, and a resume says so")
    func aJournalPastItsBytesIsRefused() async throws {
        let journals = MemoryJournals(limits: JournalLimits(maxEntries: 10_000, maxBytes: 1500))
        let (first, key) = try await journaled(journals)
        for count in 0..<30 { _ = await first.event("probe#1", "countChanged", #"{"count":\#(count)}"#) }
        #expect(Self.reason(await resume(key, on: journals).1) == "tooLong")
    }

    @Test("A write of the journal that fails is tried again, and the answer waits for it: a resume shows what the client saw")
    func failedWritesAreTriedAgain() async throws {
        let journals = MemoryJournals()
        let (first, key) = try await journaled(journals)
        journals.failNextAppends(3)
        // Settled, but not answered: the answer waits for the journal.
        let before = await first.event("probe#1", "countChanged", #"{"count":6}"#)
        #expect(!before.contains { $0.hasPrefix(#"{"id":1,"#) }, "\(before)")
        let answered = await first.lines(1)
        #expect(answered.last == #"{"id":1,"jsonrpc":"2.0","result":{}}"#, "\(answered)")
        #expect(journals.entries(of: key).contains { $0.text.contains(#""count":6"#) })
        let (second, _) = await resume(key, on: journals)
        #expect(await second.call("engine.state").last?.contains(#""count":6"#) == true)
    }

    @Test("A session taken over carries out nothing it had read and not begun")
    func aTakenSessionDropsWhatItQueued() async throws {
        let journals = MemoryJournals()
        let http = HeldHTTPClient()
        let (first, key) = try await journaled(journals, http: http)
        _ = await first.event("probe#1", "fetchTapped")
        // A request held by a slow server, and two more behind it.
        await first.accept(SessionHarness.event(7, "probe.fetch#1", "fetchTapped", #"{"url":"https://example.com/slow"}"#))
        await first.accept(SessionHarness.event(9, "probe#1", "countChanged", #"{"count":99}"#))
        await http.untilWaiting(1)
        _ = await resume(key, on: journals)
        try await eventually { first.endedBecause == .resumedElsewhere }
        http.answerOldest(body: "late")
        _ = await first.settled()
        #expect(await first.call("engine.state").last?.contains(#""count":99"#) == false, "a request queued before the take ran after it")
    }

    @Test("A session that ends lets its journal go, so that it expires from then on")
    func anEndedSessionClosesItsJournal() async throws {
        let journals = MemoryJournals()
        let (first, key) = try await journaled(journals)
        await first.session.finish()
        #expect(journals.closings(of: key) == 1)
    }

    @Test("A clock that follows the system's is replayed at the instants the requests ran, then follows the system again")
    func theClockOfEachRequestIsKept() async throws {
        let journals = MemoryJournals()
        let (first, key) = try await journaled(journals, params: "{}")
        _ = await first.event("probe#1", "countChanged", #"{"count":2}"#)
        #expect(journals.entries(of: key).filter { $0.text.contains(#""t":"#) }.count == 2, "\(journals.entries(of: key))")
        let (second, _) = await resume(key, on: journals, params: #""locale":"en_US""#)
        let clock = await second.session.clock
        #expect(clock.fixedInstant == nil)
    }

    /// The `view.render` line of `scene` as `engine.state`'s answer `state` shows its view model.
    private static func render(of scene: String, in state: String) -> String? {
        let entries = state.matches(of: #/\{"kind":"([^"]+)","scene":"([^"]+)","viewModel":(\{[^{}]*\})\}/#)
        guard let entry = entries.first(where: { $0.2 == scene }) else { return nil }
        return #"{"jsonrpc":"2.0","method":"view.render","params":{"kind":"\#(entry.1)","scene":"\#(scene)","viewModel":\#(entry.3)}}"#
    }
}
