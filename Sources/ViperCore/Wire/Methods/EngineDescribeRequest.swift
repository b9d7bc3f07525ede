import ViperJSON

/// `engine.describe`: the apps the engine hosts and every scene they can show, with the events
/// each accepts and the members of its view model, for front ends that build their own controls
/// (completion in the REPL, forms in a GUI).
package struct EngineDescribeRequest: WireRequest, ViewRequest {
    package static let wireMethod = WireMethod.engineDescribe
    static let journaling = RequestJournaling.notKept

    package init() {}

    struct Result: Encodable, Sendable {
        struct App: Encodable, Sendable {
            let name: String
            let rootScene: String
            /// The kinds of the scenes the app can show.
            let scenes: [String]
            /// The app's name and sentence as a person reads them (1.1; absent in 1.0).
            let title: String?
            let summary: String?

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: WireCodingKey.self)
                try container.encode(name, forKey: WireCodingKey(stringValue: "name"))
                try container.encode(rootScene, forKey: WireCodingKey(stringValue: "rootScene"))
                try container.encode(scenes, forKey: WireCodingKey(stringValue: "scenes"))
                if let summary { try container.encode(summary, forKey: WireCodingKey(stringValue: "summary")) }
                if let title { try container.encode(title, forKey: WireCodingKey(stringValue: "title")) }
            }
        }

        struct Scene: Encodable, Sendable {
            struct Event: Encodable, Sendable {
                let name: String
                let data: [Field]
                /// True for a superseding event (1.1); left out otherwise, so 1.0 clients see
                /// what they always saw.
                let superseding: Bool?

                func encode(to encoder: any Encoder) throws {
                    var container = encoder.container(keyedBy: WireCodingKey.self)
                    try container.encode(data, forKey: WireCodingKey(stringValue: "data"))
                    try container.encode(name, forKey: WireCodingKey(stringValue: "name"))
                    if let superseding { try container.encode(superseding, forKey: WireCodingKey(stringValue: "superseding")) }
                }
            }

            let kind: String
            let events: [Event]
            let viewModel: [Field]
            /// The app's words for the scene and the roles of its parts (1.1); each member only
            /// when the app gives it.
            let presentation: ScenePresentation?

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: WireCodingKey.self)
                try container.encode(events, forKey: WireCodingKey(stringValue: "events"))
                try container.encode(kind, forKey: WireCodingKey(stringValue: "kind"))
                try container.encode(viewModel, forKey: WireCodingKey(stringValue: "viewModel"))
                guard let presentation else { return }
                if let emptyText = presentation.emptyText { try container.encode(emptyText, forKey: WireCodingKey(stringValue: "emptyText")) }
                if !presentation.labels.isEmpty { try container.encode(presentation.labels, forKey: WireCodingKey(stringValue: "labels")) }
                // Members and events share one map of roles, as they share `labels`; a state's
                // tones travel beside it, by the member's name.
                var roles = presentation.roles.mapValues(\.wireName)
                roles.merge(presentation.eventRoles.mapValues(\.rawValue)) { member, _ in member }
                if !roles.isEmpty { try container.encode(roles, forKey: WireCodingKey(stringValue: "roles")) }
                if let title = presentation.title { try container.encode(title, forKey: WireCodingKey(stringValue: "title")) }
                let tones = presentation.roles.compactMapValues { role -> [String: String]? in
                    guard case .state(let tones) = role, !tones.isEmpty else { return nil }
                    return tones.mapValues(\.rawValue)
                }
                if !tones.isEmpty { try container.encode(tones, forKey: WireCodingKey(stringValue: "tones")) }
            }
        }

        struct Notification: Encodable, Sendable {
            let name: String
            let payload: [Field]
        }

        let apps: [App]
        /// Every scene of every app, once each, sorted by kind.
        let scenes: [Scene]
        /// The bus events the apps subscribe to, sorted by name (1.1; absent in 1.0).
        let notifications: [Notification]?

        init(apps factories: [AppFactory], version: ProtocolVersion) {
            let isNewer = version >= .v1_1
            apps = factories.map { app in
                App(
                    name: app.name, rootScene: app.rootScene.rawValue, scenes: app.scenes.map(\.kind.rawValue),
                    title: isNewer ? app.title : nil, summary: isNewer ? app.summary : nil)
            }
            var seen = Set<SceneKind>()
            scenes = factories.flatMap(\.scenes)
                .filter { seen.insert($0.kind).inserted }
                .sorted { $0.kind.rawValue < $1.kind.rawValue }
                .map { scene in
                    Scene(
                        kind: scene.kind.rawValue,
                        events: scene.events.map { event in
                            Scene.Event(
                                name: event.name, data: event.fields.map(Field.init),
                                superseding: version >= .v1_1 && event.isSuperseding ? true : nil)
                        },
                        viewModel: scene.viewModel.map(Field.init), presentation: isNewer ? scene.presentation : nil)
                }
            var named = Set<String>()
            notifications = version >= .v1_1
                ? factories.flatMap(\.busEvents).filter { named.insert($0.name).inserted }.sorted { $0.name < $1.name }
                    .map { Notification(name: $0.name, payload: $0.payload.map(Field.init)) }
                : nil
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: WireCodingKey.self)
            try container.encode(apps, forKey: WireCodingKey(stringValue: "apps"))
            try container.encode(scenes, forKey: WireCodingKey(stringValue: "scenes"))
            if let notifications { try container.encode(notifications, forKey: WireCodingKey(stringValue: "notifications")) }
        }
    }

    /// A member as the wire describes it: `{"name", "nullable", "type", "items"?, "fields"?}`.
    struct Field: Encodable, Sendable {
        let name: String
        let nullable: Bool
        let type: ValueType

        init(_ descriptor: FieldDescriptor) {
            name = descriptor.name
            nullable = descriptor.isNullable
            type = ValueType(descriptor.type)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: WireCodingKey.self)
            try container.encode(name, forKey: WireCodingKey(stringValue: "name"))
            try container.encode(nullable, forKey: WireCodingKey(stringValue: "nullable"))
            try type.encodeMembers(into: &container)
        }
    }

    /// A value type: `{"type": "string"}`, `{"type": "array", "items": {…}}`,
    /// `{"type": "object", "fields": […]}`.
    struct ValueType: Encodable, Sendable {
        let name: String
        let items: [ValueType]
        let fields: [Field]

        init(_ type: FieldDescriptor.ValueType) {
            switch type {
            case .string: (name, items, fields) = ("string", [], [])
            case .bool: (name, items, fields) = ("bool", [], [])
            case .integer: (name, items, fields) = ("integer", [], [])
            case .number: (name, items, fields) = ("number", [], [])
            case .day: (name, items, fields) = ("day", [], [])
            case .instant: (name, items, fields) = ("instant", [], [])
            case .secret: (name, items, fields) = ("secret", [], [])
            case .array(let element): (name, items, fields) = ("array", [ValueType(element)], [])
            case .object(let members): (name, items, fields) = ("object", [], members.map(Field.init))
            }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: WireCodingKey.self)
            try encodeMembers(into: &container)
        }

        func encodeMembers(into container: inout KeyedEncodingContainer<WireCodingKey>) throws {
            try container.encode(name, forKey: WireCodingKey(stringValue: "type"))
            if let element = items.first { try container.encode(element, forKey: WireCodingKey(stringValue: "items")) }
            if name == "object" { try container.encode(fields, forKey: WireCodingKey(stringValue: "fields")) }
        }
    }
}

extension EngineDescribeRequest.Result: WireResult {
    static func schema(_ scope: SchemaScope) -> JSONValue {
        let field = ProtocolSchema.object(["name": ["type": "string"], "nullable": ["type": "boolean"], "type": ["type": "string"]], closed: false)
        return ProtocolSchema.object(
            ["apps": ["type": "array", "items": ProtocolSchema.object(
                ["name": ["type": "string"], "rootScene": ["type": "string"], "scenes": ["type": "array", "items": ["type": "string"]],
                 "title": ["type": "string"], "summary": ["type": "string"]],
                optional: ["title", "summary"])],
             "scenes": ["type": "array", "items": ProtocolSchema.object(
                ["kind": ["type": "string"], "events": ["type": "array"], "viewModel": ["type": "array", "items": field],
                 "title": ["type": "string"], "emptyText": ["type": "string"],
                 "labels": ["type": "object", "additionalProperties": ["type": "string"]],
                 "roles": ["type": "object", "additionalProperties": ["enum": .array((MemberRole.wireNames + EventRole.allCases.map(\.rawValue)).map { .string($0) })]],
                 "tones": ["type": "object", "additionalProperties": [
                    "type": "object", "additionalProperties": ["enum": .array(StateTone.allCases.map { .string($0.rawValue) })],
                 ]]],
                optional: ["title", "emptyText", "labels", "roles", "tones"])],
             "notifications": ["type": "array", "items": ProtocolSchema.object(["name": ["type": "string"], "payload": ["type": "array", "items": field]])]],
            optional: ["notifications"])
    }
}

extension EngineDescribeRequest {
    /// What `engine.describe` answers a 1.1 session of an engine hosting `apps`: what
    /// `typegen` writes clients from, so that they declare what front ends are told.
    package static func description(of apps: [AppFactory]) throws -> JSONValue {
        try JSONValueEncoder.encode(Result(apps: apps, version: .v1_1))
    }
}
