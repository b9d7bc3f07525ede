import Foundation
import ViperJSON

/// The engine's refusals and the REPL's own mistakes in the words of the commands a person
/// types (`titleChanged needs title=…`), rather than the wire's (`params.data.title is
/// missing`).
enum REPLWording {
    /// What to say when `command` was typed without `fields`: `titleChanged needs title=…`;
    /// for a secret, how to have the REPL ask for it without showing it.
    static func missing(_ fields: [SceneCatalog.Field], command: String) -> String {
        var text = "\(command) needs " + fields.map { "\($0.name)=…" }.joined(separator: " ")
        if let secret = fields.first(where: { $0.type == "secret" }) {
            text += "; at a terminal, type \(command) alone and it asks for \(secret.name) without showing it"
        }
        return text
    }

    /// The engine's refusal `message` (with its error `data`) of `request`, as the REPL says
    /// it: the field of a command's data named as it is typed, and no "Invalid params:" in front.
    static func refusal(_ message: String, data: JSONValue?, of request: CommandRequest) -> String {
        let text = dropping("Invalid request: ", from: dropping("Invalid params: ", from: message))
        guard case .string(let path)? = data?["path"] else { return text }
        let typed: String
        switch request {
        case .event(_, let name, _): typed = name
        case .post(let name, _): typed = "post \(name)"
        case .startApp, .back, .setClock, .state: return text
        }
        for prefix in ["params.data.", "params.payload."] where path.hasPrefix(prefix) {
            let field = String(path.dropFirst(prefix.count))
            let rest = dropping(path, from: text).trimmingCharacters(in: .whitespaces)
            if rest == "is missing." { return "\(typed) needs \(field)=…" }
            return "\(typed): \(field) \(rest)"
        }
        return text
    }

    /// `text` without `prefix`, when it starts with it.
    private static func dropping(_ prefix: String, from text: String) -> String {
        text.hasPrefix(prefix) ? String(text.dropFirst(prefix.count)) : text
    }
}
