import Foundation
import ViperCore
import ViperJSON

/// Keeps secrets (fields of type `secret`, such as passwords) out of what the REPL writes to
/// disk: lines that send one stay out of the history, and a recording holds a stand-in instead.
///
/// A stand-in has the secret's length, so a replay meets the same rules ("at least 10
/// characters"), and each distinct secret of a session gets its own, so a replay that logs in
/// with the password it signed up with still matches, and a wrong one still does not.
struct SecretRedactor {
    private var standIns: [String: String] = [:]

    /// The names of the secret fields of `event` on `scene`, as `engine.describe` said.
    static func secretFields(of event: String, onScene scene: String, in catalog: SceneCatalog) -> Set<String> {
        let fields = catalog.events(ofScene: scene).first { $0.name == event }?.fields ?? []
        return Set(fields.filter { $0.type == "secret" }.map(\.name))
    }

    /// Whether a line typed at the REPL may carry a secret, whatever becomes of it (a line the
    /// REPL or the engine refuses was still typed): a word `NAME=…` or a JSON member `"NAME"`
    /// where NAME is a secret field of any scene or bus event, or an event with a secret
    /// field named with anything beside it (`passwordChanged hunter2`, `login#1
    /// passwordChanged hunter2`, a mistyped `pasword=hunter2 passwordChanged`); `help` lines
    /// excepted. Such a line is never kept in the history.
    static func mayCarrySecret(_ line: String, catalog: SceneCatalog) -> Bool {
        let events = catalog.events.values.flatMap { $0 } + catalog.notifications
        let secretEvents = events.filter { $0.fields.contains { $0.type == "secret" } }
        let secretNames = Set(secretEvents.flatMap { $0.fields.filter { $0.type == "secret" }.map(\.name) })
        guard !secretNames.isEmpty else { return false }
        let words = line.split(whereSeparator: \.isWhitespace).map(String.init)
        if words.contains(where: { word in secretNames.contains { word.hasPrefix($0 + "=") || word.contains("\"\($0)\"") } }) {
            return true
        }
        if line.contains("\\u") { return true }  // a raw line may escape a member's name
        // An event with a secret field, and anything beside it but its scene: perhaps the secret.
        guard words.first != "help", words.contains(where: { word in secretEvents.contains { $0.name == word } }) else { return false }
        return words.contains { word in word != "&" && !word.contains("#") && !secretEvents.contains { $0.name == word } }
    }

    /// `line` with the value of every secret field of its `view.event` replaced by a stand-in;
    /// any other line as it is.
    mutating func redacted(_ line: String, catalog: SceneCatalog) -> String {
        // The line's other members are kept as they are: a line typed raw is recorded as typed.
        guard let request = try? JSONParser.parse(Array(line.utf8)), request.wireMethod == .viewEvent, case .object(var members) = request,
            case .object(var params)? = members["params"], let event = try? JSONValueDecoder.decode(ViewEventRequest.self, from: .object(params)),
            case .object(var data)? = event.data
        else { return line }
        let secrets = Self.secretFields(of: event.event, onScene: event.scene, in: catalog)
        guard !secrets.isEmpty else { return line }
        for name in secrets {
            if case .string(let secret)? = data[name] { data[name] = .string(standIn(for: secret)) }
        }
        params["data"] = .object(data)
        members["params"] = .object(params)
        return JSONWriter.string(.object(members))
    }

    /// `line` redacted as `redacted` does, and, in a request to perform HTTP (`effect.http`),
    /// every secret met so far replaced by its stand-in: a login's body carries the password.
    mutating func redactedEverywhere(_ line: String, catalog: SceneCatalog) -> String {
        let line = redacted(line, catalog: catalog)
        guard !standIns.isEmpty, case .object(var members)? = try? JSONParser.parse(Array(line.utf8)),
            case .effect(_, var effect) = EngineMessage(.object(members)), var body = effect.body
        else { return line }
        for (secret, standIn) in standIns {
            // The body is often JSON, where the secret is escaped as a string.
            body = body.replacingOccurrences(of: secret, with: standIn)
            let escaped = String(JSONWriter.string(.string(secret)).dropFirst().dropLast())
            if escaped != secret { body = body.replacingOccurrences(of: escaped, with: standIn) }
        }
        effect.body = body
        members["params"] = try? JSONValueEncoder.encode(effect)
        return JSONWriter.string(.object(members))
    }

    private mutating func standIn(for secret: String) -> String {
        if let known = standIns[secret] { return known }
        let number = String(standIns.count + 1)
        let standIn = String((number + "secret" + String(repeating: "*", count: secret.count)).prefix(secret.count))
        standIns[secret] = standIn
        return standIn
    }
}
