import ViperCore
import ViperJSON

/// What `engine.describe` said: the apps, for each scene kind its events (with their fields)
/// and the members of its view model, and the bus events (`notification.post`) the apps take.
/// All the REPL knows of the apps it hosts comes from here.
struct SceneCatalog: Equatable {
    struct Field: Equatable {
        let name: String
        /// `string`, `day`, `bool`, … as protocol.md names them.
        let type: String
        let isNullable: Bool
    }

    /// An event a scene takes, or a bus event: a name and the members of its data.
    struct Event: Equatable {
        let name: String
        let fields: [Field]
    }

    let apps: [String]
    /// Each app's root scene kind, by app.
    let rootScenes: [String: String]
    /// Events by scene kind, in the order the engine gave them.
    let events: [String: [Event]]
    /// The members of each kind's view model in the order the engine described them, by path:
    /// `""` for the top level, `sections.items` for the objects in the lists in `sections`.
    let viewModelMembers: [String: [String: [String]]]
    /// The bus events, by name, with their payloads' members.
    let notifications: [Event]

    init(apps: [String], events: [String: [Event]], viewModelMembers: [String: [String: [String]]] = [:], notifications: [Event] = [], rootScenes: [String: String] = [:]) {
        self.apps = apps
        self.rootScenes = rootScenes
        self.events = events
        self.viewModelMembers = viewModelMembers
        self.notifications = notifications
    }

    /// Reads an `engine.describe` result.
    init(describeResult result: JSONValue) {
        guard case .array(let apps)? = result["apps"], case .array(let scenes)? = result["scenes"] else {
            self.init(apps: [], events: [:])
            return
        }
        let appNames = apps.compactMap { app -> String? in if case .string(let name)? = app["name"] { name } else { nil } }
        var roots: [String: String] = [:]
        for app in apps {
            if case .string(let name)? = app["name"], case .string(let root)? = app["rootScene"] { roots[name] = root }
        }
        var events: [String: [Event]] = [:]
        var members: [String: [String: [String]]] = [:]
        for scene in scenes {
            guard case .string(let kind)? = scene["kind"], case .array(let sceneEvents)? = scene["events"] else { continue }
            events[kind] = sceneEvents.compactMap { Self.event($0, dataMember: "data") }
            Self.collectMembers(scene["viewModel"], at: "", into: &members[kind, default: [:]])
        }
        let notifications: [Event] = if case .array(let described)? = result["notifications"] {
            described.compactMap { Self.event($0, dataMember: "payload") }
        } else { [] }
        self.init(apps: appNames, events: events, viewModelMembers: members, notifications: notifications, rootScenes: roots)
    }

    /// The events a scene id (`todo.add#1`) accepts.
    func events(ofScene scene: String) -> [Event] {
        events[Self.kind(ofScene: scene)] ?? []
    }

    /// `todo.add` for `todo.add#1`.
    static func kind(ofScene scene: String) -> String {
        String(scene.prefix { $0 != "#" })
    }

    /// Records the names of `described`'s members at `path`, then those of the objects within.
    private static func collectMembers(_ described: JSONValue?, at path: String, into members: inout [String: [String]]) {
        guard case .array(let fields)? = described else { return }
        members[path] = fields.compactMap { if case .string(let name)? = $0["name"] { name } else { nil } }
        for field in fields {
            guard case .string(let name)? = field["name"] else { continue }
            let inner = path.isEmpty ? name : path + "." + name
            // An array's elements, or an object's members, sit at the member's own path.
            collectMembers(field["fields"] ?? field["items"]?["fields"], at: inner, into: &members)
        }
    }

    private static func event(_ described: JSONValue, dataMember: String) -> Event? {
        guard case .string(let name)? = described["name"] else { return nil }
        return Event(name: name, fields: fields(described[dataMember]))
    }

    private static func fields(_ described: JSONValue?) -> [Field] {
        guard case .array(let fields)? = described else { return [] }
        return fields.compactMap { field in
            guard case .string(let name)? = field["name"], case .string(let type)? = field["type"] else { return nil }
            return Field(name: name, type: type, isNullable: field["nullable"] == .bool(true))
        }
    }
}
