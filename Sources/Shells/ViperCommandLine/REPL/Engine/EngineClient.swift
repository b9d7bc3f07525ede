import Foundation
import ViperCore
import ViperJSON
import ViperTesting

/// The REPL's side of an engine session: a `ViewSession` (real JSON-RPC lines, the apps' HTTP
/// performed here and recorded), with what a View keeps: the stack of scenes, what each last
/// showed, the session clock.
///
/// Used from the REPL's one task only; what comes by itself (background work, the rest of a
/// request sent with `&`) waits in a mailbox until the REPL takes it.
final class EngineClient {
    private var view: ViewSession
    /// Raised whenever something arrives by itself, so that the line editor wakes to show it.
    let outputSignal = OutputSignal()
    private let mailbox = Mailbox<Arrival>()
    /// The tasks that report how requests sent with `&` ended, by id.
    private var endings: [Int: Task<Void, Never>] = [:]

    /// The live scenes, as the engine reported them.
    private var scenes = SceneStack()
    /// Live scenes, bottom first, as `view.navigate` reported them.
    var stack: [String] { scenes.ids }
    /// The scenes that were presented rather than pushed (modals, alerts), live or gone: a
    /// render of one that a navigation then removed is still drawn as a modal.
    var presented: Set<String> { scenes.everPresented }
    /// Requests sent with `&`, oldest first, until their responses come.
    private(set) var running: [BackgroundRequest] = []

    /// Something that arrived while no request of the REPL's own waited for it.
    enum Arrival: Sendable {
        /// Lines of a request sent with `&`, as they come: to show now. The request's whole
        /// exchange follows as `finished` once it is answered.
        case progress([String])
        /// A request sent with `&` was answered; its lines were shown as they came.
        case finished(Exchange)
        /// What background work wrote (a live feed's render), with nothing sent.
        case cameByItself(Exchange)
    }
    /// The last view model of each live scene.
    var viewModels: [String: JSONValue] { scenes.viewModels }
    /// The session clock, as last set.
    private(set) var now: Date
    let timeZone: TimeZone
    /// The zone's name as given: on Linux, `TimeZone(identifier: "UTC")` calls itself "GMT".
    let timeZoneName: String
    private(set) var catalog = SceneCatalog(apps: [], events: [:])

    /// A client of a session of `engine` whose clock is fixed at `now` in the zone named
    /// `timeZoneName`, performing the apps' HTTP through `http`.
    convenience init(engine: Engine, now: Date, timeZoneName: String, http: any HTTPClient) {
        self.init(view: ViewSession(engine: engine, http: http), now: now, timeZoneName: timeZoneName)
    }

    /// A client of the session `view` is a View of, whose clock is fixed at `now` in the zone
    /// named `timeZoneName`.
    init(view: ViewSession, now: Date, timeZoneName: String) {
        self.view = view
        self.now = now
        self.timeZone = TimeZone(identifier: timeZoneName) ?? TimeZone(secondsFromGMT: 0)!
        self.timeZoneName = timeZoneName
    }

    /// The scene on top of the stack.
    var topScene: String? { stack.last }

    /// Sends `initialize` with the session's settings, then learns the scenes (unrecorded).
    func open(locale: String?, firstWeekday: Int?) async -> Exchange {
        let settings = Self.settings(now: now, timeZoneName: timeZoneName, locale: locale, firstWeekday: firstWeekday)
        let opened = await view.open(settings: settings, onBackground: backgroundReceiver)
        if let described = await view.ask(EngineDescribeRequest()) {
            catalog = SceneCatalog(describeResult: described)
        }
        return exchange(opened, sent: nil, raw: false)
    }

    /// Where a View of this session hands what background work wrote: to the mailbox, waking
    /// the line editor.
    private var backgroundReceiver: @Sendable ([String]) async -> Void {
        { [mailbox, outputSignal] lines in
            mailbox.post(.cameByItself(Exchange(sent: nil, raw: false, output: lines)))
            outputSignal.raise()
        }
    }

    /// Goes on with the session in `replayed`, a View of another engine (`viper dev`'s rebuilt
    /// one) into which this session's requests were replayed, causing `lines`; `catalog` is what
    /// that engine describes. What the old engine wrote by itself and was not yet shown, and the
    /// requests sent with `&` that still ran, are forgotten with it; the old View is left.
    func adopt(_ replayed: ViewSession, lines: [String], catalog: SceneCatalog) {
        let old = view
        view = replayed
        self.catalog = catalog
        for ending in endings.values { ending.cancel() }
        endings.removeAll()
        running.removeAll()
        _ = mailbox.drain()
        scenes = SceneStack()
        follow(lines)
        // From now on, what background work writes comes from the new engine only.
        Task { [backgroundReceiver] in
            await old.leave()
            await replayed.watchBackground(backgroundReceiver)
        }
    }

    /// Where Ctrl-C comes from while a request runs; it cancels the request.
    var interrupts: (any InterruptWatcher)?

    /// Sends a request built from a command, and performs the HTTP it asks for.
    @discardableResult
    func call(_ request: CommandRequest) async -> Exchange {
        await whileInterruptible {
            let outcome = await self.view.perform(request.request)
            // The clock moves once the engine took the time.
            if outcome.error == nil, case .setClock(let instant, _) = request {
                self.now = instant
            }
            return self.exchange(outcome, sent: nil, raw: false)
        }
    }

    /// Sends a line exactly as typed.
    func sendRaw(_ line: String) async -> Exchange {
        await whileInterruptible {
            let outcome = await self.view.performRaw(line)
            // A clock.set typed raw moves the clock as a command does.
            if outcome.error == nil, let request = try? JSONParser.parse(Array(line.utf8)), request.wireMethod == .clockSet,
                let clockSet = try? JSONValueDecoder.decode(ClockSetRequest.self, from: request["params"] ?? .null)
            {
                self.now = clockSet.now.date
            }
            return self.exchange(outcome, sent: line, raw: true)
        }
    }

    /// Runs `work`, cancelling the request it performs at each Ctrl-C.
    private func whileInterruptible(_ work: @escaping () async -> Exchange) async -> Exchange {
        guard let interrupts else { return await work() }
        var exchange: Exchange?
        await interrupts.whileWaiting({ exchange = await work() }, interrupted: { [view] in
            Task { await view.cancel() }
        })
        return exchange!
    }

    /// Sends `request`, built from `command` as typed, without waiting for it (`&`): what it
    /// causes, and its response, come later like background output. Returns its id.
    func start(_ request: CommandRequest, command: String) async -> Int {
        let started = await view.begin(request.request) { [mailbox, outputSignal] lines in
            guard !lines.isEmpty else { return }
            mailbox.post(.progress(lines))
            outputSignal.raise()
        }
        running.append(BackgroundRequest(id: started.id, command: command))
        // Shown, and the stack followed, when the REPL next looks, as every later step of it.
        mailbox.post(.progress(started.firstLines))
        outputSignal.raise()
        endings[started.id] = Task { [mailbox, outputSignal] in
            let outcome = await started.outcome.value
            mailbox.post(.finished(Exchange(sent: nil, raw: false, output: outcome.lines, command: command, id: outcome.id)))
            outputSignal.raise()
        }
        return started.id
    }

    /// Asks the engine to cancel the requests with `ids` ($/cancelRequest), and waits until
    /// they are answered; their exchanges are then among the unseen arrivals. Whether every
    /// cancellation is in the recording (`ViewSession.Cancellation`).
    func cancel(_ ids: [Int]) async -> Bool {
        var recorded = true
        for id in ids {
            if await view.cancel(id) == .unrecorded { recorded = false }
            await endings.removeValue(forKey: id)?.value
        }
        return recorded
    }

    /// What arrived since the REPL last looked, without a request of the REPL's own waiting
    /// for it: the progress and ends of requests sent with `&`, and what background work wrote.
    func takeBackgroundOutput() -> [Arrival] {
        outputSignal.clear()
        let arrivals = mailbox.drain()
        for arrival in arrivals {
            switch arrival {
            case .progress(let lines): follow(lines)
            case .cameByItself(let exchange): follow(exchange.output)
            case .finished(let exchange):
                running.removeAll { $0.id == exchange.id }
                if let id = exchange.id { endings[id] = nil }
            }
        }
        return arrivals
    }

    /// The session so far as a transcript (see `ViewSession.transcript`).
    func transcript(engineOptions: [String], comments: [String], redact: sending (String) -> String) async -> String {
        await view.transcript(engineOptions: engineOptions, comments: comments, redact: redact)
    }

    /// How many steps the transcript has so far.
    var stepCount: Int {
        get async { await view.stepCount }
    }

    /// Ends the session, so that what background work wrote last is in the recording.
    func close() async {
        await view.close()
    }

    /// An outcome as the REPL shows it, the stack followed.
    private func exchange(_ outcome: ViewSession.Outcome, sent: String?, raw: Bool) -> Exchange {
        follow(outcome.lines)
        return Exchange(sent: sent, raw: raw, output: outcome.lines, id: outcome.id)
    }

    /// Keeps the stack and view models in step with what the engine said.
    private func follow(_ lines: [String]) {
        scenes.follow(lines: lines)
    }

    /// `initialize` for a session whose clock is fixed at `now` in the zone `timeZoneName`,
    /// with `locale` and `firstWeekday` when given.
    static func settings(now: Date, timeZoneName: String, locale: String?, firstWeekday: Int?) -> InitializeRequest {
        let zone = TimeZone(identifier: timeZoneName) ?? TimeZone(secondsFromGMT: 0)!
        return InitializeRequest(
            now: Instant(now, writtenAtOffset: zone.secondsFromGMT(for: now)), timeZone: timeZoneName, locale: locale, firstWeekday: firstWeekday)
    }

    /// `2026-11-22T09:00:00+01:00`: the wire's instant form, in the session's time zone.
    static func iso8601(_ instant: Date, in zone: TimeZone) -> String {
        Instant(instant, writtenAtOffset: zone.secondsFromGMT(for: instant)).wireText
    }

    /// An instant the wire would accept, read as strictly as the engine reads it.
    static func parse(_ text: String) -> Date? {
        Instant.parse(text)
    }
}
