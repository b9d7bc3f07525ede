import ViperCore
import ViperJSON

/// What `engine.describe` said: the apps, and for each scene kind its events and their fields.
struct SceneCatalog: Equatable {
    struct Field: Equatable {
        let name: String
        /// `string`, `day`, `bool`, … as protocol.md names them.
        let type: String
        let isNullable: Bool
    }

    struct Event: Equatable {
        let name: String
        let fields: [Field]
    }

    let apps: [String]
    /// Events by scene kind, in the order the engine gave them.
    let events: [String: [Event]]

    init(apps: [String], events: [String: [Event]]) {
        self.apps = apps
        self.events = events
    }

    /// Reads an `engine.describe` result.
    init(describeResult result: JSONValue) {
        guard case .array(let apps)? = result["apps"], case .array(let scenes)? = result["scenes"] else {
            self.init(apps: [], events: [:])
            return
        }
        let appNames = apps.compactMap { app -> String? in if case .string(let name)? = app["name"] { name } else { nil } }
        var events: [String: [Event]] = [:]
        for scene in scenes {
            guard case .string(let kind)? = scene["kind"], case .array(let sceneEvents)? = scene["events"] else { continue }
            events[kind] = sceneEvents.compactMap { event in
                guard case .string(let name)? = event["name"], case .array(let data)? = event["data"] else { return nil }
                return Event(name: name, fields: data.compactMap { field in
                    guard case .string(let fieldName)? = field["name"], case .string(let type)? = field["type"] else { return nil }
                    return Field(name: fieldName, type: type, isNullable: field["nullable"] == .bool(true))
                })
            }
        }
        self.init(apps: appNames, events: events)
    }

    /// The events a scene id (`todo.add#1`) accepts.
    func events(ofScene scene: String) -> [Event] {
        events[Self.kind(ofScene: scene)] ?? []
    }

    /// `todo.add` for `todo.add#1`.
    static func kind(ofScene scene: String) -> String {
        String(scene.prefix { $0 != "#" })
    }
}
