import Foundation
import MCP
import ViperJSON
import ViperTesting

/// The tools `viper mcp` offers, each with a JSON Schema for its input drawn from what
/// `engine.describe` says of the hosted apps, so that an agent needs no other knowledge of them.
struct AgentTools {
    /// The tools' names.
    enum Name: String, CaseIterable {
        case listApps = "list_apps"
        case startApp = "start_app"
        case sendEvent = "send_event"
        case goBack = "go_back"
        case postNotification = "post_notification"
        case setClock = "set_clock"
        case readStack = "read_stack"
        case explore
    }

    /// `engine.describe`'s result.
    let description: JSONValue

    var apps: [String] { description["apps"].names }
    var sceneKinds: [String] { description["scenes"].elements.compactMap { $0["kind"]?.string } }
    var notificationNames: [String] { description["notifications"].names }

    /// The described scene kind `kind`.
    func scene(ofKind kind: String) -> JSONValue? {
        description["scenes"].elements.first { $0["kind"]?.string == kind }
    }

    /// The events a scene kind takes, each with its data's members.
    func events(ofKind kind: String) -> [JSONValue] {
        scene(ofKind: kind)?["events"].elements ?? []
    }

    var tools: [Tool] {
        [
            Tool(
                name: Name.listApps.rawValue,
                description: "List the apps this engine hosts, the scenes each can show, the events each scene takes (with their data) and the bus events apps listen to. Start here.",
                inputSchema: inputSchema(.listApps).mcpValue,
                annotations: .init(readOnlyHint: true)),
            Tool(
                name: Name.startApp.rawValue,
                description: "Start an app: its root scene replaces the whole stack. The result shows the scene, its view model and the events it takes.",
                inputSchema: inputSchema(.startApp).mcpValue,
                annotations: .init(destructiveHint: false)),
            Tool(
                name: Name.sendEvent.rawValue,
                description: """
                    Send a user event to a live scene, as a tap or a keystroke would, and see what it caused: navigations, new view models, the HTTP the apps made. Any live scene takes events, not only the top one. The events of each scene kind, with the members of their data:
                    \(eventsText)
                    """,
                inputSchema: inputSchema(.sendEvent).mcpValue,
                annotations: .init(destructiveHint: false)),
            Tool(
                name: Name.goBack.rawValue,
                description: "Leave the top scene with the platform's back gesture (a navigation bar's back button, a swipe down on a modal): a pushed scene is popped, a presented one dismissed. Only the top scene can go back, and not the root.",
                inputSchema: inputSchema(.goBack).mcpValue,
                annotations: .init(destructiveHint: false)),
            Tool(
                name: Name.postNotification.rawValue,
                description: "Post an event on the notification bus, as a push service or a socket would (a chat message received): every live module that listens to it takes it. The bus events: \(notificationsText)",
                inputSchema: inputSchema(.postNotification).mcpValue,
                annotations: .init(destructiveHint: false)),
            Tool(
                name: Name.setClock.rawValue,
                description: "Set the session clock to an instant; every scene that shows the time renders again (due dates, ages of news).",
                inputSchema: inputSchema(.setClock).mcpValue,
                annotations: .init(destructiveHint: false)),
            Tool(
                name: Name.readStack.rawValue,
                description: "Read the live scenes, bottom first, each with the view model it last rendered, and the events the top scene takes. Also shows what background work (a live feed) rendered since the last step.",
                inputSchema: inputSchema(.readStack).mcpValue,
                annotations: .init(readOnlyHint: true)),
            Tool(
                name: Name.explore.rawValue,
                description: """
                    Explore an app by itself, in sessions of its own (yours is left as it is): events with data made from the contracts, back gestures, clock moves, bus events, and the servers' answers or faults, with \(Invariant.allCases.count) invariants checked at every step (\(Invariant.allCases.map(\.rawValue).joined(separator: ", "))). The result gives the states reached, each broken invariant with its shortest story as a golden transcript that fails until the bug is fixed, the coverage of each scene's events, and the map of the scenes as Graphviz DOT. The same seed takes the same walk.
                    """,
                inputSchema: inputSchema(.explore).mcpValue,
                annotations: .init(readOnlyHint: true)),
        ]
    }

    /// The JSON Schema of `tool`'s input: its arguments, which the call takes and no others.
    func inputSchema(_ tool: Name) -> JSONValue {
        switch tool {
        case .listApps:
            Self.object([:])
        case .startApp:
            Self.object(["app": ["type": "string", "enum": .array(apps.map(JSONValue.string)), "description": "The app's name."]], required: ["app"])
        case .sendEvent:
            Self.object(
                [
                    "scene": [
                        "type": "string", "pattern": .string("^(\(sceneKinds.map(Self.regexEscaped).joined(separator: "|")))#[0-9]+$"),
                        "description": "The id of a live scene, as results and read_stack show it: todo.add#1.",
                    ],
                    "event": ["type": "string", "enum": .array(Array(Set(sceneKinds.flatMap { events(ofKind: $0).names })).sorted().map(JSONValue.string)), "description": "The event's name; the scene's kind must take it."],
                    "data": dataSchema,
                ], required: ["scene", "event"])
        case .goBack:
            Self.object(["scene": ["type": "string", "description": "The id of the top scene; the top scene when left out."]])
        case .postNotification:
            Self.object(
                [
                    "name": notificationNames.isEmpty
                        ? ["type": "string", "description": "The bus event's name."]
                        : ["type": "string", "enum": .array(notificationNames.map(JSONValue.string)), "description": "The bus event's name."],
                    "payload": notificationSchema,
                ], required: ["name"])
        case .setClock:
            Self.object(["now": ["type": "string", "format": "date-time", "description": "An RFC 3339 instant with its offset: 2026-11-24T09:00:00Z."]], required: ["now"])
        case .readStack:
            Self.object([:])
        case .explore:
            Self.object(
                [
                    "app": ["type": "string", "enum": .array(apps.map(JSONValue.string)), "description": "The app to explore."],
                    "seed": ["type": "integer", "minimum": 0, "description": "Fixes the walk; 1 when left out."],
                    "steps": ["type": "integer", "minimum": 1, "maximum": 5000, "description": "The most actions to take; 400 when left out."],
                    "timeLimit": ["type": "number", "exclusiveMinimum": 0, "maximum": 600, "description": "The longest the walk may take, in seconds; 30 when left out."],
                ], required: ["app"])
        }
    }

    /// The arguments `tool` takes, as its input schema names them.
    func argumentNames(_ tool: Name) -> [String] {
        guard case .object(let properties)? = inputSchema(tool)["properties"] else { return [] }
        return properties.keys.sorted()
    }

    // MARK: - Text a model reads

    /// `todo.add: titleChanged {title: string}, saveTapped` for every scene kind, a line each.
    var eventsText: String {
        sceneKinds.map { kind in
            let described = events(ofKind: kind)
            return "- \(kind): " + (described.isEmpty ? "(no events)" : described.map { Self.eventText($0, dataMember: "data") }.joined(separator: "; "))
        }.joined(separator: "\n")
    }

    var notificationsText: String {
        let described = description["notifications"].elements
        return described.isEmpty ? "(none)" : described.map { Self.eventText($0, dataMember: "payload") }.joined(separator: "; ")
    }

    /// `titleChanged {title: string}`, or the bare name for an event without data.
    static func eventText(_ event: JSONValue, dataMember: String) -> String {
        let name = event["name"]?.string ?? "?"
        let members = event[dataMember].elements
        guard !members.isEmpty else { return name }
        return name + " {" + members.map { "\($0["name"]?.string ?? "?"): \(typeText($0))" }.joined(separator: ", ") + "}"
    }

    /// `string`, `day (YYYY-MM-DD) or null`, `array of string`, …
    static func typeText(_ member: JSONValue) -> String {
        let type = member["type"]?.string ?? "?"
        var text: String = switch type {
        case "day": "day (YYYY-MM-DD)"
        case "instant": "instant (RFC 3339)"
        case "secret": "secret string"
        case "array": "array of " + (member["items"].map(typeText) ?? "?")
        case "object": "object {" + member["fields"].elements.map { "\($0["name"]?.string ?? "?"): \(typeText($0))" }.joined(separator: ", ") + "}"
        default: type
        }
        if member["nullable"] == .bool(true) { text += " or null" }
        return text
    }

    // MARK: - Schemas

    /// `data` of send_event: one of the data shapes the scenes' events take.
    private var dataSchema: JSONValue {
        var shapes: [JSONValue] = []
        var seen: Set<String> = []
        for kind in sceneKinds {
            for event in events(ofKind: kind) where !event["data"].elements.isEmpty {
                let shape = Self.object(Self.properties(event["data"].elements), required: event["data"].names)
                let key = JSONWriter.string(shape)
                guard seen.insert(key).inserted else { continue }
                var titled = shape.members
                titled["title"] = .string("\(kind) \(event["name"]?.string ?? "?")")
                shapes.append(.object(titled))
            }
        }
        return [
            "type": "object",
            "description": "The event's data, as its scene kind describes it; leave it out for an event without data.",
            "anyOf": .array(shapes + [Self.object([:])]),
        ]
    }

    private var notificationSchema: JSONValue {
        let shapes = description["notifications"].elements.map { notification in
            var shape = Self.object(Self.properties(notification["payload"].elements), required: notification["payload"].names).members
            shape["title"] = .string(notification["name"]?.string ?? "?")
            return JSONValue.object(shape)
        }
        var schema: [String: JSONValue] = ["type": "object", "description": "The payload, as the bus event describes it."]
        if !shapes.isEmpty { schema["anyOf"] = .array(shapes) }
        return .object(schema)
    }

    /// An object schema with `properties`, all of `required` present, nothing else.
    static func object(_ properties: [String: JSONValue], required: [String] = []) -> JSONValue {
        var schema: [String: JSONValue] = ["type": "object", "properties": .object(properties), "additionalProperties": false]
        if !required.isEmpty { schema["required"] = .array(required.map(JSONValue.string)) }
        return .object(schema)
    }

    private static func properties(_ members: [JSONValue]) -> [String: JSONValue] {
        Dictionary(members.compactMap { member in member["name"]?.string.map { ($0, schema(of: member)) } }, uniquingKeysWith: { first, _ in first })
    }

    /// The JSON Schema of a described member (protocol.md section 4.8).
    static func schema(of member: JSONValue) -> JSONValue {
        var schema: [String: JSONValue]
        switch member["type"]?.string {
        case "bool": schema = ["type": "boolean"]
        case "integer": schema = ["type": "integer"]
        case "number": schema = ["type": "number"]
        case "day": schema = ["type": "string", "format": "date"]
        case "instant": schema = ["type": "string", "format": "date-time"]
        case "secret": schema = ["type": "string", "writeOnly": true]
        case "array": schema = ["type": "array", "items": member["items"].map(Self.schema(of:)) ?? [:]]
        case "object": schema = Self.object(properties(member["fields"].elements), required: member["fields"].names).members
        default: schema = ["type": "string"]
        }
        if member["nullable"] == .bool(true), case .string(let type)? = schema["type"] {
            schema["type"] = [.string(type), "null"]
        }
        return .object(schema)
    }

    private static func regexEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: ".", with: "\\.")
    }
}

extension JSONValue {
    var string: String? { if case .string(let text) = self { text } else { nil } }
    var members: [String: JSONValue] { if case .object(let members) = self { members } else { [:] } }
}

extension [JSONValue] {
    /// The `name` of each element.
    var names: [String] { compactMap { $0["name"]?.string } }
}

extension Optional<JSONValue> {
    var elements: [JSONValue] { self?.elements ?? [] }
    /// The `name` of each element.
    var names: [String] { elements.names }
}
