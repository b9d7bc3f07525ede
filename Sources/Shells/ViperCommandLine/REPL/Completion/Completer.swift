import ViperJSON

/// What Tab offers: commands, app names, live scene ids, the events a scene accepts and their
/// fields, all taken from the engine (`engine.describe` and the stack), and the values on
/// screen: after `articleTapped id=`, the ids of the articles the list shows.
struct Completer {
    let catalog: SceneCatalog
    /// Live scenes, bottom first.
    let stack: [String]
    /// The numbers of the requests running in the background.
    var running: [Int] = []
    /// The last view model of each live scene.
    var viewModels: [String: JSONValue] = [:]

    /// The words that could replace the word being typed at the end of `linePrefix`.
    func candidates(for linePrefix: String) -> [String] {
        let words = linePrefix.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        let typingNewWord = linePrefix.isEmpty || linePrefix.last == " "
        let finished = typingNewWord ? words : Array(words.dropLast())
        let partial = typingNewWord ? "" : words.last ?? ""
        return options(after: finished, typing: partial).filter { $0.hasPrefix(partial) }
    }

    /// What the candidates that are values on screen are, by candidate: the title (or name,
    /// number, route) of the item whose member holds the value. `articleTapped ` offers ids; a
    /// person wants to know which article each is.
    func descriptions(for linePrefix: String) -> [String: String] {
        let candidates = Set(candidates(for: linePrefix))
        guard !candidates.isEmpty else { return [:] }
        var described: [String: String] = [:]
        for shown in viewModels.values {
            for (value, description) in Self.describedValues(in: shown) {
                for candidate in [value] + candidates.filter({ $0.hasSuffix("=" + value) }) where candidates.contains(candidate) {
                    described[candidate] = described[candidate] ?? description
                }
            }
        }
        return described
    }

    /// The members that say what an item is, first found first.
    private static let describingMembers = ["title", "name", "displayName", "number", "flightNumber", "route", "label"]

    /// Every string of `value`'s objects paired with what describes the object holding it.
    private static func describedValues(in value: JSONValue) -> [(String, String)] {
        switch value {
        case .object(let members):
            var found: [(String, String)] = []
            let description = describingMembers.lazy.compactMap { name -> String? in
                if case .string(let text)? = members[name] { text } else { nil }
            }.first
            for (key, member) in members.sorted(by: { $0.key < $1.key }) {
                if case .string(let text) = member, let description, text != description, !describingMembers.contains(key) {
                    found.append((text, description))
                } else {
                    found += describedValues(in: member)
                }
            }
            return found
        case .array(let elements):
            return elements.flatMap(describedValues)
        default:
            return []
        }
    }

    private func options(after words: [String], typing partial: String) -> [String] {
        guard let first = words.first else {
            let events = stack.last.map { catalog.events(ofScene: $0).map(\.name) } ?? []
            return REPLCommandLine.commandNames + events + stack.reversed()
        }
        switch first {
        case "start": return words.count == 1 ? catalog.apps : []
        case "show": return words.count == 1 ? stack.reversed() : []
        case "back": return words.count == 1 ? Array(stack.suffix(1)) : []
        case "help": return words.count == 1 ? REPLCommandLine.commandNames + allEventNames + catalog.notifications.map(\.name) : []
        case "cancel": return words.count == 1 ? running.map(String.init) : []
        case "post":
            guard words.count > 1 else { return catalog.notifications.map(\.name) }
            guard let notification = catalog.notifications.first(where: { $0.name == words[1] }) else { return [] }
            return fields(of: notification, given: words.dropFirst(2), typing: partial, shown: nil)
        case "record": return words.count == 1 ? ["stop"] : []
        case "clock": return words.count == 1 ? ["now", "+1d", "-1d", "+1h"] : []
        case "wait": return words.count == 1 ? ["1s", "5s", "30s"] : []
        case "quit", "exit", "stack", "raw": return []
        default: break
        }
        // An event, to a named scene or to the top one.
        let scene: String?
        let eventWords: ArraySlice<String>
        if first.contains("#") {
            guard words.count > 1 else { return catalog.events(ofScene: first).map(\.name) }
            (scene, eventWords) = (first, words.dropFirst())
        } else {
            (scene, eventWords) = (stack.last, words[...])
        }
        guard let scene, let name = eventWords.first,
            let event = catalog.events(ofScene: scene).first(where: { $0.name == name })
        else { return [] }
        return fields(of: event, given: eventWords.dropFirst(), typing: partial, shown: viewModels[scene])
    }

    /// The fields of an event (or a bus event's payload) not given yet, or, after `FIELD=`,
    /// the values that field takes; an event with one field also takes its value alone.
    private func fields(of event: SceneCatalog.Event, given words: ArraySlice<String>, typing partial: String, shown: JSONValue?) -> [String] {
        if let equals = partial.firstIndex(of: "=") {
            let fieldName = String(partial[..<equals])
            guard let field = event.fields.first(where: { $0.name == fieldName }) else { return [] }
            return values(for: field, shown: shown).map { "\(fieldName)=\($0)" }
        }
        let given = Set(words.compactMap { $0.split(separator: "=").first.map(String.init) })
        let open = event.fields.filter { !given.contains($0.name) }.map { "\($0.name)=" }
        if event.fields.count == 1, words.isEmpty, let field = event.fields.first, let shown, field.type == "string" {
            return open + Self.strings(named: field.name, in: shown).filter { !$0.isEmpty && !$0.contains(" ") }
        }
        return open
    }

    /// What `field` may be: the words its type takes, and the values members of the same name
    /// hold on screen (`id` of each article, `locationId` of each place).
    private func values(for field: SceneCatalog.Field, shown: JSONValue?) -> [String] {
        var values: [String]
        switch field.type {
        case "bool": values = ["true", "false"]
        case "day": values = ["today", "tomorrow"]
        case "instant": values = ["now"]
        default: values = []
        }
        if field.isNullable { values.append("null") }
        if field.type == "string", let shown {
            for value in Self.strings(named: field.name, in: shown) where !values.contains(value) && !value.isEmpty && !value.contains(" ") {
                values.append(value)
            }
        }
        return values
    }

    /// The strings held by members named `name` anywhere in `value`, in order.
    private static func strings(named name: String, in value: JSONValue) -> [String] {
        switch value {
        case .object(let members):
            var found: [String] = []
            if case .string(let text)? = members[name] { found.append(text) }
            for (key, member) in members.sorted(by: { $0.key < $1.key }) where key != name { found += strings(named: name, in: member) }
            return found
        case .array(let elements):
            return elements.flatMap { strings(named: name, in: $0) }
        default:
            return []
        }
    }

    private var allEventNames: [String] {
        Array(Set(catalog.events.values.flatMap { $0.map(\.name) })).sorted()
    }
}
