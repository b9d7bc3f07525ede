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

    /// Live scenes, bottom first, as `view.navigate` reported them.
    private(set) var stack: [String] = []
    /// The last view model of each live scene.
    private(set) var viewModels: [String: JSONValue] = [:]
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
        var params: [String: JSONValue] = ["now": .string(Self.iso8601(now, in: timeZone)), "timeZone": .string(timeZoneName)]
        if let locale { params["locale"] = .string(locale) }
        if let firstWeekday { params["firstWeekday"] = .number(Double(firstWeekday)) }
        let opened = await call("initialize", params: .object(params))
        if let described = await call("engine.describe", params: nil, logged: false).result {
            catalog = SceneCatalog(describeResult: described)
        }
        return opened
    }

    /// Sends a request built from a command.
    @discardableResult
    func call(_ method: String, params: JSONValue?, logged: Bool = true) async -> Exchange {
        var request: [String: JSONValue] = ["jsonrpc": "2.0", "id": .number(Double(nextID)), "method": .string(method)]
        nextID += 1
        if let params { request["params"] = params }
        return await send(JSONWriter.string(.object(request)), raw: false, logged: logged)
    }

    /// Sends a line exactly as typed.
    func sendRaw(_ line: String) async -> Exchange {
        await send(line, raw: true, logged: true)
    }

    /// What the engine wrote by itself since the last request (a live feed's render), as an
    /// exchange with nothing sent; nil when it wrote nothing.
    func takeBackgroundOutput() -> Exchange? {
        outputSignal.clear()
        let output = sink.drain()
        guard !output.isEmpty else { return nil }
        let exchange = Exchange(sent: nil, raw: false, output: output)
        follow(exchange)
        log.append(exchange)
        return exchange
    }

    private func send(_ line: String, raw: Bool, logged: Bool) async -> Exchange {
        await session.receive(line: Array(line.utf8))
        let exchange = Exchange(sent: line, raw: raw, output: sink.drain())
        follow(exchange)
        if logged { log.append(exchange) }
        return exchange
    }

    /// Keeps the stack, view models and clock in step with what was sent and what the engine said.
    private func follow(_ exchange: Exchange) {
        // A clock.set the engine took, typed as a command or raw, moves the clock.
        if exchange.errorMessage == nil, let sent = exchange.sent, let request = try? JSONParser.parse(Array(sent.utf8)),
            request["method"] == "clock.set", case .string(let text)? = request["params"]?["now"], let instant = Self.parse(text)
        {
            now = instant
        }
        for message in exchange.messages {
            guard case .string(let method)? = message["method"], let params = message["params"],
                case .string(let scene)? = params["scene"]
            else { continue }
            switch (method, params["action"]) {
            case ("view.navigate", .string("root")?):
                stack = [scene]
                viewModels = [:]
            case ("view.navigate", .string("dismiss")?), ("view.navigate", .string("pop")?):
                stack.removeAll { $0 == scene }
                viewModels[scene] = nil
            case ("view.navigate", _):
                stack.append(scene)
            case ("view.render", _):
                viewModels[scene] = params["viewModel"]
            default:
                break
            }
        }
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
