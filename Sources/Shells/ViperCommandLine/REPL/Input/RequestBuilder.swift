import Foundation
import ViperCore
import ViperJSON

/// Builds the request a command stands for, checked against what the engine described and the
/// session as it stands (the live scenes, the clock), so that a mistake is explained before
/// anything is sent. What it builds is whole: sending it cannot fail for want of anything.
struct RequestBuilder {
    typealias Mistake = REPLCommandLine.Mistake

    let catalog: SceneCatalog
    /// Live scenes, bottom first.
    let stack: [String]
    /// The session clock, for `tomorrow`, `now` and `clock +1d`.
    let now: Date
    let timeZone: TimeZone
    /// A secret left out, asked for after the prompt without being shown (at a terminal); nil
    /// where nobody can type one that way.
    var readSecret: (_ prompt: String) -> String? = { _ in nil }

    func request(for command: WireCommand) throws(Mistake) -> CommandRequest {
        switch command {
        case .start(let app):
            return .startApp(app)
        case .event(let scene, let name, let arguments):
            return try event(name, to: scene, arguments: arguments)
        case .back(let scene):
            guard let scene = scene ?? stack.last else { throw Mistake(description: "no scene is live; " + startHint) }
            return .back(scene: scene)
        case .post(let name, let arguments):
            return try post(name, arguments: arguments)
        case .setClock(let when):
            guard let instant = ClockChange.instant(when, from: now, in: timeZone) else {
                throw Mistake(description: "'\(when)' is not a time; type clock 2026-11-24T09:00:00Z, clock 2026-11-24, clock +1d or clock now")
            }
            // The wire writes whole seconds: the clock the REPL keeps is the one the engine gets.
            return .setClock(Date(timeIntervalSince1970: instant.timeIntervalSince1970.rounded(.down)), in: timeZone)
        case .stack:
            return .state
        }
    }

    private func event(_ name: String, to named: String?, arguments: [String]) throws(Mistake) -> CommandRequest {
        guard let scene = named ?? stack.last else {
            let suggestion = Typo.didYouMean(name, in: REPLCommandLine.commandNames)
            throw Mistake(description: "'\(name)' is not a command\(suggestion) and no scene is live to send it to; type help, or start \(catalog.apps.first ?? "APP").")
        }
        // The engine says best which scenes are live.
        guard stack.contains(scene) else { return .event(scene: scene, name: name, data: nil) }
        let events = catalog.events(ofScene: scene)
        guard let event = events.first(where: { $0.name == name }) else {
            let suggestion = Typo.didYouMean(name, in: events.map(\.name) + (named == nil ? REPLCommandLine.commandNames : []))
            let what = named == nil ? "'\(name)' is not a command or an event of \(scene)" : "\(scene) has no event '\(name)'"
            throw Mistake(description: "\(what)\(suggestion). Its events: \(events.map(\.name).joined(separator: ", ")); type help for the commands.")
        }
        return .event(scene: scene, name: name, data: try complete(try eventData.build(arguments, for: event), for: event, command: name))
    }

    private func post(_ name: String, arguments: [String]) throws(Mistake) -> CommandRequest {
        let declared = catalog.notifications
        guard let notification = declared.first(where: { $0.name == name }) else {
            let known = declared.isEmpty ? "the hosted apps take none" : "the hosted apps take " + declared.map(\.name).joined(separator: ", ")
            throw Mistake(description: "no app takes the bus event '\(name)'\(Typo.didYouMean(name, in: declared.map(\.name))); \(known)")
        }
        let payload = try complete(try eventData.build(arguments, for: notification), for: notification, command: "post \(name)")
        return .post(name: name, payload: payload ?? .object([:]))
    }

    /// `data` with every field the event takes: a secret left out is asked for at a terminal
    /// without being shown; any other field left out is a mistake, said before anything is sent.
    private func complete(_ data: JSONValue?, for event: SceneCatalog.Event, command: String) throws(Mistake) -> JSONValue? {
        guard !event.fields.isEmpty else { return data }
        var members: [String: JSONValue] = if case .object(let given)? = data { given } else { [:] }
        var missing: [SceneCatalog.Field] = []
        for field in event.fields where members[field.name] == nil {
            if field.type == "secret", let secret = readSecret("\(field.name) (not shown as you type): ") {
                members[field.name] = .string(secret)
            } else {
                missing.append(field)
            }
        }
        guard missing.isEmpty else { throw Mistake(description: REPLWording.missing(missing, command: command)) }
        return .object(members)
    }

    /// Reads typed data as the session's clock stands: `tomorrow`, `now`.
    private var eventData: EventData {
        let today = DayCalendar(timeZone: timeZone, firstWeekday: 1, locale: Locale(identifier: "en_US")).day(of: now)
        return EventData(today: today, now: EngineClient.iso8601(now, in: timeZone))
    }

    private var startHint: String {
        "start an app first: start \(catalog.apps.first ?? "APP")"
    }
}
