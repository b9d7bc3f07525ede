import ViperJSON

/// `protocol.schema.json`: a JSON Schema (2020-12) of every message of protocol 1.1, both ways,
/// and of every scene kind's events and view model and every bus event of the hosted apps.
///
/// The envelopes are written here, once; the methods are those the session registers
/// (`Session.methodTable`), each with the schemas its request and result types give beside
/// them; the scenes and bus events come from the same descriptions `engine.describe` reports,
/// which come from the contracts' own types. So the schema cannot drift from what the engine
/// accepts and renders. `viper schema` prints it;
/// a test keeps the committed file equal to it.
package enum ProtocolSchema {
    /// The schema of an engine hosting `apps`.
    package static func document(for apps: [AppFactory]) -> JSONValue {
        var seenScenes = Set<SceneKind>()
        let scenes = apps.flatMap(\.scenes).filter { seenScenes.insert($0.kind).inserted }.sorted { $0.kind.rawValue < $1.kind.rawValue }
        var seenEvents = Set<String>()
        let busEvents = apps.flatMap(\.busEvents).filter { seenEvents.insert($0.name).inserted }.sorted { $0.name < $1.name }
        let methods = clientMethods(SchemaScope(apps: apps, scenes: scenes, busEvents: busEvents))
        var defs: [String: JSONValue] = [
            "id": ["type": ["string", "number", "null"], "description": "A request's id, echoed in its response."],
            "instant": ["type": "string", "pattern": .string(instantPattern), "description": "ISO 8601 with a UTC offset."],
            "day": ["type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$", "description": "A calendar day, YYYY-MM-DD."],
            "error": error,
            "clientMessage": ["oneOf": .array(methods.map { $0.schema } + [["$ref": "#/$defs/reply"]])],
            "engineMessage": ["oneOf": [
                ["$ref": "#/$defs/response"], ["$ref": "#/$defs/errorResponse"], ["$ref": "#/$defs/view.render"],
                ["$ref": "#/$defs/view.navigate"], ["$ref": "#/$defs/effect.http"], ["$ref": "#/$defs/engineCancelRequest"],
            ]],
            "response": object(["jsonrpc": ["const": "2.0"], "id": ["$ref": "#/$defs/id"], "result": [:]]),
            "errorResponse": object(["jsonrpc": ["const": "2.0"], "id": ["$ref": "#/$defs/id"], "error": ["$ref": "#/$defs/error"]]),
            "view.render": notification(WireMethod.viewRender.rawValue, params: viewRenderParams(scenes)),
            "view.navigate": notification(WireMethod.viewNavigate.rawValue, params: object(
                ["action": ["enum": ["root", "push", "present", "dismiss", "pop"]], "scene": sceneID, "kind": ["type": "string"], "from": sceneID],
                optional: ["from"])),
            "effect.http": object([
                "jsonrpc": ["const": "2.0"], "id": ["type": "string", "pattern": "^viper:[0-9]+$"], "method": ["const": WireMethod.effectHTTP.json],
                "params": object(
                    ["method": ["type": "string"], "url": ["type": "string"], "headers": stringMap, "body": ["type": ["string", "null"]],
                     "bodyBase64": ["type": "string"]],
                    optional: ["body", "bodyBase64"]),
            ]),
            "engineCancelRequest": notification(WireMethod.cancelRequest.rawValue, params: object(["id": ["type": "string", "pattern": "^viper:[0-9]+$"]])),
            "reply": ["oneOf": [
                object(["jsonrpc": ["const": "2.0"], "id": ["type": "string"], "result": object(
                    ["status": ["type": "integer", "minimum": 100, "maximum": 599], "headers": stringMap, "body": ["type": ["string", "null"]],
                     "bodyBase64": ["type": "string"]],
                    optional: ["headers", "body", "bodyBase64"])]),
                object(["jsonrpc": ["const": "2.0"], "id": ["type": "string"], "error": object(
                    ["code": ["type": "integer"], "message": ["type": "string"], "data": [:]], optional: ["data"], closed: false)]),
            ]],
        ]
        var results: [String: JSONValue] = [:]
        for method in methods { results[method.name] = method.result }
        defs["results"] = .object(results)
        defs["scenes"] = .object(Dictionary(uniqueKeysWithValues: scenes.map { scene in
            (scene.kind.rawValue, JSONValue.object([
                "viewModel": fields(scene.viewModel),
                "events": .object(Dictionary(uniqueKeysWithValues: scene.events.map { ($0.name, fields($0.fields)) })),
            ]))
        }))
        defs["busEvents"] = .object(Dictionary(uniqueKeysWithValues: busEvents.map { ($0.name, fields($0.payload)) }))
        return [
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": "https://github.com/viper-engine/viper/protocol.schema.json",
            "title": .string("The viper wire protocol \(EngineInfo.protocolVersion)"),
            "description": "Every message of protocol.md, both ways: a line is a clientMessage (View to engine) or an engineMessage (engine to View). The result of each method is in $defs/results; each scene kind's events and view model in $defs/scenes.",
            "oneOf": [["$ref": "#/$defs/clientMessage"], ["$ref": "#/$defs/engineMessage"]],
            "$defs": .object(defs),
        ]
    }

    // MARK: - Methods

    private struct Method {
        let name: String
        let schema: JSONValue
        let result: JSONValue
    }

    /// The methods a View sends, in name order: those the newest protocol registers
    /// (`Session.methodTable`), fault injection included, each with the schemas its types give.
    private static func clientMethods(_ scope: SchemaScope) -> [Method] {
        Session.methodTable(version: .newest, allowingFaults: true).values.sorted { $0.method < $1.method }.map { handler in
            let params = handler.paramsSchema(scope)
            if handler.isNotification {
                return Method(name: handler.method, schema: notification(handler.method, params: params ?? object([:])), result: handler.resultSchema(scope))
            }
            return method(handler.method, params: params, result: handler.resultSchema(scope))
        }
    }

    /// A request of `name`: with params of that shape (or `{}` for none), an id, or none for a
    /// notification.
    private static func method(_ name: String, params: JSONValue?, result: JSONValue) -> Method {
        var members: [String: JSONValue] = ["jsonrpc": ["const": "2.0"], "id": ["$ref": "#/$defs/id"], "method": ["const": .string(name)]]
        members["params"] = params ?? object([:])
        return Method(name: name, schema: object(members, optional: ["id", "params"]), result: result)
    }

    /// A request's params, read off the type that decodes them (`ShapeReader`): each member
    /// with its wire type, those it decodes if present optional. `constraints` says more of a
    /// member than its type, in JSON Schema's keywords (an `enum` stands for the type). Nil for a
    /// type without members: the method takes no params.
    static func params<Params: Decodable>(of type: Params.Type, constraints: [String: JSONValue]) -> JSONValue? {
        let members: [FieldDescriptor]
        do {
            members = try ShapeReader.members(of: type)
        } catch {
            // The schema tests describe every method's params, so this cannot ship.
            preconditionFailure("the params of \(type) cannot be described: \(error)")
        }
        guard !members.isEmpty else { return nil }
        return params(members, constraints: constraints)
    }

    private static func params(_ members: [FieldDescriptor], constraints: [String: JSONValue]) -> JSONValue {
        let properties = members.map { member -> (String, JSONValue) in
            var schema: JSONValue
            if case .object(let nested) = member.type {
                schema = params(nested, constraints: [:])
            } else {
                schema = type(member.type)
            }
            if let constraint = constraints[member.name], case .object(let keywords) = constraint {
                if keywords["enum"] != nil {
                    schema = constraint
                } else {
                    for (keyword, value) in keywords { schema[member: keyword] = value }
                }
            }
            return (member.name, schema)
        }
        return object(Dictionary(uniqueKeysWithValues: properties), optional: Set(members.filter(\.isNullable).map(\.name)))
    }

    /// `view.event`'s params: the event and data each scene kind accepts, by the kind in the id.
    static func viewEventParams(_ scenes: [SceneDescription]) -> JSONValue {
        var schema = object(["scene": sceneID, "event": ["type": "string"], "data": ["type": ["object", "null"]]], optional: ["data"])
        guard !scenes.isEmpty else { return schema }
        schema[member: "allOf"] = .array(scenes.map { scene in
            [
                "if": ["properties": ["scene": ["pattern": .string("^" + escaped(scene.kind.rawValue) + "#[0-9]+$")]]],
                // A scene without events (a detail left with view.back) accepts none.
                "then": scene.events.isEmpty ? false : ["oneOf": .array(scene.events.map { event in
                    var data = fields(event.fields)
                    if event.fields.isEmpty { data = ["anyOf": [["type": "null"], data]] }
                    return [
                        "properties": ["event": ["const": .string(event.name)], "data": data],
                        "required": event.fields.isEmpty ? ["event"] : ["event", "data"],
                    ]
                })],
            ]
        })
        return schema
    }

    /// `view.render`'s params: the view model of the scene kind named in `kind`.
    private static func viewRenderParams(_ scenes: [SceneDescription]) -> JSONValue {
        var schema = object(["scene": sceneID, "kind": ["enum": .array(scenes.map { .string($0.kind.rawValue) })], "viewModel": ["type": "object"]])
        guard !scenes.isEmpty else { return schema }
        schema[member: "allOf"] = .array(scenes.map { scene in
            [
                "if": ["properties": ["kind": ["const": .string(scene.kind.rawValue)]]],
                "then": ["properties": ["viewModel": ["$ref": .string("#/$defs/scenes/\(scene.kind.rawValue)/viewModel")]]],
            ]
        })
        return schema
    }

    /// `notification.post`'s params: the payload of the bus event named in `name`.
    static func notificationPostParams(_ events: [BusEventDescription]) -> JSONValue {
        var schema = object(["name": ["type": "string"], "payload": [:]], optional: ["payload"])
        guard !events.isEmpty else { return schema }
        schema[member: "allOf"] = .array(events.map { event in
            [
                "if": ["properties": ["name": ["const": .string(event.name)]]],
                "then": ["properties": ["payload": ["$ref": .string("#/$defs/busEvents/\(event.name)")]]],
            ]
        })
        return schema
    }

    // MARK: - Pieces

    static let sceneID: JSONValue = ["type": "string", "pattern": "^[^#]+#[0-9]+$"]
    private static let stringMap: JSONValue = ["type": "object", "additionalProperties": ["type": "string"]]
    private static let instantPattern = "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]+)?(Z|[+-][0-9]{2}:[0-9]{2})$"

    private static let error: JSONValue = object([
        "code": ["enum": [-32700, -32600, -32601, -32602, -32603, -32002, -32010, -32800]],
        "message": ["type": "string"],
        "data": object(["kind": ["enum": .array(ProtocolError.kinds.map { .string($0) })]], closed: false),
    ])

    static func notification(_ method: String, params: JSONValue) -> JSONValue {
        object(["jsonrpc": ["const": "2.0"], "method": ["const": .string(method)], "params": params])
    }

    /// An object with exactly these members, all required but `optional`; `closed: false`
    /// lets others in.
    static func object(_ properties: [String: JSONValue], optional: Set<String> = [], closed: Bool = true) -> JSONValue {
        var schema: [String: JSONValue] = [
            "type": "object", "properties": .object(properties),
            "required": .array(properties.keys.filter { !optional.contains($0) }.sorted().map { .string($0) }),
        ]
        if closed { schema["additionalProperties"] = false }
        return .object(schema)
    }

    /// The members a scene's event data, view model or bus payload holds.
    private static func fields(_ fields: [FieldDescriptor]) -> JSONValue {
        object(Dictionary(uniqueKeysWithValues: fields.map { ($0.name, type(of: $0)) }))
    }

    private static func type(of field: FieldDescriptor) -> JSONValue {
        let base = type(field.type)
        return field.isNullable ? ["anyOf": [base, ["type": "null"]]] : base
    }

    private static func type(_ type: FieldDescriptor.ValueType) -> JSONValue {
        switch type {
        case .string: ["type": "string"]
        case .bool: ["type": "boolean"]
        case .integer: ["type": "integer"]
        case .number: ["type": "number"]
        case .day: ["$ref": "#/$defs/day"]
        case .instant: ["$ref": "#/$defs/instant"]
        case .secret: ["type": "string"]
        case .array(let element): ["type": "array", "items": Self.type(element)]
        case .object(let members): fields(members)
        }
    }

    private static func escaped(_ text: String) -> String {
        text.split(separator: ".", omittingEmptySubsequences: false).joined(separator: "\\.")
    }
}

extension JSONValue {
    /// Sets a member of an object.
    fileprivate subscript(member key: String) -> JSONValue? {
        get { self[key] }
        set {
            guard case .object(var members) = self else { return }
            members[key] = newValue
            self = .object(members)
        }
    }
}
