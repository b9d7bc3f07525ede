import ViperJSON

/// What `engine.describe` says, read into what an exploration and the invariant checks need:
/// each scene kind's events with their data members, its view model's members, and which
/// members say the scene is busy.
struct SessionDescription: Sendable {
    /// One event a scene offers.
    struct Event: Sendable {
        let name: String
        /// The members of its data, as described (`{"name", "type", "nullable", …}`).
        let fields: [JSONValue]
    }

    /// One scene kind.
    struct Scene: Sendable {
        let kind: String
        let events: [Event]
        /// The members of its view model, as described.
        let viewModel: [JSONValue]
        /// Members (at any depth) that are `busy` flags, and `state` members with the values
        /// whose tone is `busy`.
        let busyFlags: Set<String>
        let busyStates: [String: Set<String>]
        /// Members (at any depth) whose role is `identifier`: the ids events name.
        let identifiers: Set<String>
        /// Members whose role is `problems`: lists of what is wrong with what was entered.
        let problemLists: Set<String>
        /// Members whose role is `available`: an item's flag, false when it cannot be chosen now.
        let availableFlags: Set<String>
        /// Events whose role is `cancel`: they leave the scene, and what was entered with it.
        let cancelEvents: Set<String>
    }

    /// One app: its name for `app.start`, and the kinds of its scenes.
    struct App: Sendable {
        let name: String
        let rootScene: String?
        let scenes: [String]
    }

    let apps: [App]
    let scenes: [String: Scene]
    /// The bus events the apps listen to, with their payload members.
    let busEvents: [(name: String, fields: [JSONValue])]

    /// Reads the result of `engine.describe`.
    init(_ result: JSONValue) {
        var apps: [App] = []
        if case .array(let described)? = result["apps"] {
            for app in described {
                guard case .string(let name)? = app["name"] else { continue }
                let kinds: [String] = if case .array(let list)? = app["scenes"] { list.compactMap(\.stringValue) } else { [] }
                apps.append(App(name: name, rootScene: app["rootScene"]?.stringValue, scenes: kinds))
            }
        }
        var scenes: [String: Scene] = [:]
        if case .array(let described)? = result["scenes"] {
            for scene in described {
                guard case .string(let kind)? = scene["kind"] else { continue }
                let events: [Event] = if case .array(let list)? = scene["events"] {
                    list.compactMap { event in
                        guard case .string(let name)? = event["name"] else { return nil }
                        return Event(name: name, fields: event["data"]?.arrayValue ?? [])
                    }
                } else { [] }
                var busyFlags: Set<String> = []
                var busyStates: [String: Set<String>] = [:]
                var identifiers: Set<String> = []
                var problemLists: Set<String> = []
                var availableFlags: Set<String> = []
                var cancelEvents: Set<String> = []
                if case .object(let roles)? = scene["roles"] {
                    for (member, role) in roles {
                        if role == "identifier" { identifiers.insert(member) }
                        if role == "problems" { problemLists.insert(member) }
                        if role == "available" { availableFlags.insert(member) }
                        if role == "busy" { busyFlags.insert(member) }
                        if role == "cancel" { cancelEvents.insert(member) }
                        if role == "state", case .object(let tones)? = scene["tones"]?[member] {
                            busyStates[member] = Set(tones.filter { $0.value == "busy" }.keys)
                        }
                    }
                }
                scenes[kind] = Scene(
                    kind: kind, events: events, viewModel: scene["viewModel"]?.arrayValue ?? [], busyFlags: busyFlags, busyStates: busyStates,
                    identifiers: identifiers, problemLists: problemLists, availableFlags: availableFlags, cancelEvents: cancelEvents)
            }
        }
        var busEvents: [(String, [JSONValue])] = []
        if case .array(let described)? = result["notifications"] {
            for event in described {
                guard case .string(let name)? = event["name"] else { continue }
                busEvents.append((name, event["payload"]?.arrayValue ?? []))
            }
        }
        self.apps = apps
        self.scenes = scenes
        self.busEvents = busEvents
    }

    /// Whether the item of a view model of `kind` whose `member` is `value` says, with an
    /// `available` flag, that it cannot be chosen now.
    func isUnavailable(_ member: String, _ value: JSONValue, in viewModel: JSONValue, kind: String) -> Bool {
        let flags = scenes[kind]?.availableFlags ?? []
        return viewModel.objects.contains { members in members[member] == value && flags.contains { members[$0] == .bool(false) } }
    }

    /// How many problems a view model of `kind` lists with what was entered.
    func problemCount(in viewModel: JSONValue, kind: String) -> Int {
        (scenes[kind]?.problemLists ?? []).reduce(0) { $0 + (viewModel[$1]?.arrayValue?.count ?? 0) }
    }

    /// The busy members of a view model of `kind`: each `member: value` that says work is
    /// under way, at any depth.
    func busyMembers(of viewModel: JSONValue, kind: String) -> [String] {
        guard let scene = scenes[kind] else { return [] }
        return viewModel.objects.flatMap { members in
            members.keys.sorted().compactMap { name -> String? in
                if scene.busyFlags.contains(name), members[name] == .bool(true) { return "\(name): true" }
                if case .string(let state)? = members[name], scene.busyStates[name]?.contains(state) == true { return "\(name): \"\(state)\"" }
                return nil
            }
        }
    }
}

extension JSONValue {
    /// The string, when this is one.
    var stringValue: String? {
        if case .string(let text) = self { text } else { nil }
    }

    /// The elements, when this is an array.
    var arrayValue: [JSONValue]? {
        if case .array(let elements) = self { elements } else { nil }
    }

    /// Every object within this value, itself included, at any depth, outer ones first.
    var objects: [[String: JSONValue]] {
        switch self {
        case .object(let members): [members] + members.keys.sorted().flatMap { members[$0]!.objects }
        case .array(let elements): elements.flatMap(\.objects)
        default: []
        }
    }
}
