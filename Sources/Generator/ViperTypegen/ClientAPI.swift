import ViperJSON

/// What a client of the hosted apps declares, in no language yet: the apps, and each scene
/// kind's view model and events with the names their types get.
///
/// It is read from what `engine.describe` answers a 1.1 session, so a generated client says
/// what the engine tells every front end at run time, and nothing else.
package struct ClientAPI: Equatable, Sendable {
    /// The engine's name and version, for the generated files' headers.
    package let engine: String
    package let engineVersion: String
    package let apps: [ClientApp]
    /// Every scene kind of those apps, sorted by kind.
    package let scenes: [ClientScene]

    /// The API `description` (an `engine.describe` result) declares, from engine `engine`
    /// `version`.
    package init(description: JSONValue, engine: String, version: String) throws(TypegenError) {
        self.engine = engine
        engineVersion = version
        let reader = DescriptionReader(path: "result")
        apps = try reader.array("apps", in: description).enumerated().map { index, app throws(TypegenError) in
            let appReader = reader.nested("apps[\(index)]")
            return ClientApp(
                name: try appReader.string("name", in: app), title: try appReader.optionalString("title", in: app),
                summary: try appReader.optionalString("summary", in: app), rootScene: try appReader.string("rootScene", in: app),
                scenes: try appReader.array("scenes", in: app).map { scene throws(TypegenError) in
                    guard case .string(let kind) = scene else { throw .notADescription("\(appReader.path).scenes", "a scene kind is not a string") }
                    return kind
                })
        }
        var names = TypeNames()
        scenes = try reader.array("scenes", in: description).enumerated().map { index, scene throws(TypegenError) in
            try Self.scene(scene, reader: reader.nested("scenes[\(index)]"), names: &names)
        }.sorted { $0.kind < $1.kind }
    }

    /// Every type a member of a view model or of an event's data has, at any depth, with the
    /// elements of lists: what a writer imports or declares only when it is used.
    package var valueTypes: [ClientValueType] {
        func types(in fields: [ClientField]) -> [ClientValueType] {
            fields.flatMap { field in types(of: field.type) }
        }
        func types(of type: ClientValueType) -> [ClientValueType] {
            switch type {
            case .array(let element): [type] + types(of: element)
            case .record(let record): [type] + types(in: record.fields)
            case .string, .bool, .integer, .number, .day, .instant, .secret: [type]
            }
        }
        return scenes.flatMap { scene in types(in: scene.viewModel.fields) + scene.events.flatMap { types(in: $0.data.fields) } }
    }

    /// The apps named `names`, in that order, with only the scenes they show; every app when
    /// `names` is empty.
    package func keeping(apps names: [String]) -> ClientAPI {
        guard !names.isEmpty else { return self }
        let kept = names.compactMap { name in apps.first { $0.name == name } }
        let kinds = Set(kept.flatMap(\.scenes))
        return ClientAPI(engine: engine, engineVersion: engineVersion, apps: kept, scenes: scenes.filter { kinds.contains($0.kind) })
    }

    private init(engine: String, engineVersion: String, apps: [ClientApp], scenes: [ClientScene]) {
        self.engine = engine
        self.engineVersion = engineVersion
        self.apps = apps
        self.scenes = scenes
    }

    private static func scene(_ scene: JSONValue, reader: DescriptionReader, names: inout TypeNames) throws(TypegenError) -> ClientScene {
        let kind = try reader.string("kind", in: scene)
        let stem = try names.claim(TypeNames.pascalCase(kind), for: "the scene kind \(kind)")
        let labels = try reader.stringMap("labels", in: scene)
        let roles = try reader.stringMap("roles", in: scene)
        var tones: [String: [String: String]] = [:]
        if case .object(let members)? = scene["tones"] {
            for (member, value) in members {
                guard case .object(let toneMembers) = value else { throw .notADescription("\(reader.path).tones.\(member)", "not an object") }
                tones[member] = toneMembers.compactMapValues { if case .string(let tone) = $0 { tone } else { nil } }
            }
        }
        let words = Words(labels: labels, roles: roles)
        let viewModel = try record(
            named: stem + "ViewModel", nestedStem: stem, fields: try reader.array("viewModel", in: scene),
            reader: reader.nested("viewModel"), words: words, names: &names)
        let events = try reader.array("events", in: scene).enumerated().map { index, event throws(TypegenError) in
            let eventReader = reader.nested("events[\(index)]")
            let name = try eventReader.string("name", in: event)
            let stemOfData = stem + TypeNames.pascalCase(name)
            let data = try record(
                named: stemOfData, nestedStem: stemOfData, fields: try eventReader.array("data", in: event),
                reader: eventReader.nested("data"), words: words, names: &names)
            var isSuperseding = false
            if case .bool(true)? = event["superseding"] { isSuperseding = true }
            return ClientEvent(name: name, data: data, label: labels[name], role: roles[name], isSuperseding: isSuperseding)
        }
        return ClientScene(
            kind: kind, typeName: stem, title: try reader.optionalString("title", in: scene),
            emptyText: try reader.optionalString("emptyText", in: scene), labels: labels, roles: roles, tones: tones,
            viewModel: viewModel, events: events)
    }

    /// The app's words and roles for a scene's members, by wire name at any depth.
    private struct Words {
        let labels: [String: String]
        let roles: [String: String]
    }

    private static func record(
        named name: String, nestedStem: String, fields: [JSONValue], reader: DescriptionReader, words: Words, names: inout TypeNames
    ) throws(TypegenError) -> ClientRecord {
        let typeName = try names.claim(name, for: "the members at \(reader.path)")
        let members = try fields.enumerated().map { index, field throws(TypegenError) in
            let fieldReader = reader.nested("[\(index)]")
            let fieldName = try fieldReader.string("name", in: field)
            var isNullable = false
            if case .bool(true)? = field["nullable"] { isNullable = true }
            let type = try valueType(
                field, fieldName: fieldName, nestedStem: nestedStem, reader: fieldReader, words: words, names: &names)
            return ClientField(name: fieldName, type: type, isNullable: isNullable, label: words.labels[fieldName], role: words.roles[fieldName])
        }
        return ClientRecord(typeName: typeName, fields: members)
    }

    private static func valueType(
        _ value: JSONValue, fieldName: String, nestedStem: String, reader: DescriptionReader, words: Words, names: inout TypeNames
    ) throws(TypegenError) -> ClientValueType {
        let type = try reader.string("type", in: value)
        switch type {
        case "string": return .string
        case "bool": return .bool
        case "integer": return .integer
        case "number": return .number
        case "day": return .day
        case "instant": return .instant
        case "secret": return .secret
        case "array":
            guard let items = value["items"] else { throw .notADescription(reader.path, "an array without items") }
            let element = try valueType(
                items, fieldName: TypeNames.singular(fieldName), nestedStem: nestedStem, reader: reader.nested("items"), words: words,
                names: &names)
            return .array(element)
        case "object":
            let nestedName = nestedStem + TypeNames.pascalCase(fieldName)
            return .record(
                try record(
                    named: nestedName, nestedStem: nestedName, fields: try reader.array("fields", in: value),
                    reader: reader.nested("fields"), words: words, names: &names))
        default:
            throw .notADescription("\(reader.path).type", "'\(type)' is no type this generator knows; update viper")
        }
    }
}
