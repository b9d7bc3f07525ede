import Foundation
import Synchronization
import ViperCore
import ViperJSON

/// The REPL's side of an engine session: it sends real JSON-RPC lines, as any View would, and
/// keeps what a View keeps: the stack of scenes, what each last showed, the session clock.
///
/// Used from the REPL's one task only.
final class EngineClient {
    private let session: Session
    /// Raised whenever the engine writes, so that the line editor wakes for background output.
    let outputSignal = OutputSignal()
    private let sink: SignallingLineCollector
    private var nextID = 1

    /// The live scenes, as the engine reported them.
    private var scenes = SceneStack()
    /// Live scenes, bottom first, as `view.navigate` reported them.
    var stack: [String] { scenes.ids }
    /// The live scenes that were presented rather than pushed (modals, alerts).
    var presented: Set<String> { scenes.presented }
    /// Requests sent with `&`, oldest first, until their responses come.
    private(set) var running: [BackgroundRequest] = []
    /// What arrived since the REPL last looked, oldest first.
    private var unseen: [Arrival] = []

    /// Something the engine wrote while no request of the REPL's own waited for it.
    enum Arrival {
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
    /// Every exchange the user caused, in order, for recording.
    private(set) var log: [Exchange] = []

    init(engine: Engine, now: Date, timeZoneName: String) {
        sink = SignallingLineCollector(signal: outputSignal)
        session = engine.makeSession(output: sink)
        self.now = now
        self.timeZone = TimeZone(identifier: timeZoneName) ?? TimeZone(secondsFromGMT: 0)!
        self.timeZoneName = timeZoneName
    }

    /// The scene on top of the stack.
    var topScene: String? { stack.last }

    /// Sends `initialize` with the session's settings, then learns the scenes (unlogged).
    func open(locale: String?, firstWeekday: Int?) async -> Exchange {
        let settings = Self.settings(now: now, timeZoneName: timeZoneName, locale: locale, firstWeekday: firstWeekday)
        let opened = await call("initialize", params: .object(settings))
        if let described = await call("engine.describe", params: nil, logged: false).result {
            catalog = SceneCatalog(describeResult: described)
        }
        return opened
    }

    /// Where Ctrl-C comes from while a request runs; it cancels the request.
    var interrupts: (any InterruptWatcher)?

    /// Sends a request built from a command.
    @discardableResult
    func call(_ method: String, params: JSONValue?, logged: Bool = true) async -> Exchange {
        let (id, line) = request(method, params: params)
        guard let interrupts else { return await send(line, raw: false, logged: logged) }
        var exchange: Exchange?
        let cancellation = Array(JSONWriter.string(Self.cancelRequest(id)).utf8)
        await interrupts.whileWaiting({ exchange = await send(line, raw: false, logged: logged) }, interrupted: { [session] in
            Task { await session.accept(line: cancellation) }
        })
        return exchange!
    }

    /// A request line with the session's next id.
    private func request(_ method: String, params: JSONValue?) -> (id: Int, line: String) {
        let id = nextID
        nextID += 1
        var request: [String: JSONValue] = ["jsonrpc": "2.0", "id": .number(Double(id)), "method": .string(method)]
        if let params { request["params"] = params }
        return (id, JSONWriter.string(.object(request)))
    }

    /// `$/cancelRequest` for request `id`.
    private static func cancelRequest(_ id: Int) -> JSONValue {
        ["jsonrpc": "2.0", "method": "$/cancelRequest", "params": ["id": .number(Double(id))]]
    }

    /// Sends a line exactly as typed.
    func sendRaw(_ line: String) async -> Exchange {
        await send(line, raw: true, logged: true)
    }

    /// Sends a request built from `command` without waiting for it (`&`): what it causes, and
    /// its response, come later like background output. Returns its id.
    func start(_ method: String, params: JSONValue?, command: String) async -> Int {
        let (id, line) = request(method, params: params)
        running.append(BackgroundRequest(id: id, command: command, sent: line))
        await session.accept(line: Array(line.utf8))
        return id
    }

    /// Asks the engine to cancel the requests with `ids` ($/cancelRequest), and waits until
    /// it has answered them; their exchanges are then among the unseen ones.
    func cancel(_ ids: [Int]) async {
        for id in ids {
            await session.accept(line: Array(JSONWriter.string(Self.cancelRequest(id)).utf8))
        }
        await session.settled()
        takeOutput()
    }

    /// What the engine wrote since the REPL last looked, without a request of the REPL's own
    /// waiting for it: the progress and ends of requests sent with `&`, and what background
    /// work wrote.
    func takeBackgroundOutput() -> [Arrival] {
        outputSignal.clear()
        takeOutput()
        defer { unseen.removeAll() }
        return unseen
    }

    private func send(_ line: String, raw: Bool, logged: Bool) async -> Exchange {
        await session.receive(line: Array(line.utf8))
        // Requests sent with `&` were queued before this one, so their lines come first.
        let exchange = Exchange(sent: line, raw: raw, output: sort(sink.drain()))
        follow(exchange)
        if logged { log.append(exchange) }
        return exchange
    }

    /// Sorts what the engine wrote while no request of the REPL waited into arrivals.
    private func takeOutput() {
        let rest = sort(sink.drain())
        guard !rest.isEmpty else { return }
        let exchange = Exchange(sent: nil, raw: false, output: rest)
        follow(exchange)
        log.append(exchange)
        unseen.append(.cameByItself(exchange))
    }

    /// Hands `lines` to the requests running in the background, oldest first, and returns the
    /// lines left over. Each request takes the lines up to its response: the engine writes
    /// everything a request causes before its response, and runs requests one at a time, in
    /// the order they came.
    private func sort(_ lines: [String]) -> [String] {
        var rest = lines[...]
        while !running.isEmpty, !rest.isEmpty {
            let taken = rest.prefix { !running[0].isAnswered(by: $0) }
            rest = rest.dropFirst(taken.count)
            let response = rest.popFirst()
            let progress = Array(taken) + (response.map { [$0] } ?? [])
            running[0].output += progress
            // The stack follows at once, so that the prompt and Tab know the scenes.
            follow(Exchange(sent: nil, raw: false, output: progress))
            unseen.append(.progress(progress))
            guard response != nil else { break }
            let finished = running.removeFirst()
            let exchange = Exchange(sent: finished.sent, raw: false, output: finished.output, command: finished.command)
            log.append(exchange)
            unseen.append(.finished(exchange))
        }
        return Array(rest)
    }

    /// Keeps the stack, view models and clock in step with what was sent and what the engine said.
    private func follow(_ exchange: Exchange) {
        // A clock.set the engine took, typed as a command or raw, moves the clock.
        if exchange.errorMessage == nil, let sent = exchange.sent, let request = try? JSONParser.parse(Array(sent.utf8)),
            request["method"] == "clock.set", case .string(let text)? = request["params"]?["now"], let instant = Self.parse(text)
        {
            now = instant
        }
        scenes.follow(exchange.messages)
    }

    /// `initialize`'s params for a session whose clock is fixed at `now` in the zone
    /// `timeZoneName`, with `locale` and `firstWeekday` when given.
    static func settings(now: Date, timeZoneName: String, locale: String?, firstWeekday: Int?) -> [String: JSONValue] {
        let zone = TimeZone(identifier: timeZoneName) ?? TimeZone(secondsFromGMT: 0)!
        var params: [String: JSONValue] = ["now": .string(iso8601(now, in: zone)), "timeZone": .string(timeZoneName)]
        if let locale { params["locale"] = .string(locale) }
        if let firstWeekday { params["firstWeekday"] = .number(Double(firstWeekday)) }
        return params
    }

    /// `2026-11-22T09:00:00+01:00`: the wire's instant form, in the session's time zone.
    static func iso8601(_ instant: Date, in zone: TimeZone) -> String {
        let style = Date.ISO8601FormatStyle(timeZone: zone).year().month().day()
            .time(includingFractionalSeconds: false).timeZone(separator: .colon)
        let text = instant.formatted(style)
        return text.hasSuffix("+00:00") ? String(text.dropLast(6)) + "Z" : text
    }

    /// An instant the wire would accept, read as strictly as the engine reads it.
    static func parse(_ text: String) -> Date? {
        Instant.parse(text)
    }
}
