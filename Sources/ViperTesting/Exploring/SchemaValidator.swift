import Foundation
import ViperJSON

/// Checks JSON values against a JSON Schema (2020-12): the keywords the protocol's schema
/// (`viper schema`, protocol.schema.json) is written with, which are `$ref` within the document,
/// `type`, `const`, `enum`, `properties`, `required`, `additionalProperties`, `items`,
/// `pattern`, `minimum`, `maximum`, `allOf`, `anyOf`, `oneOf` and `if`/`then`/`else`. A keyword
/// it does not know is not checked; annotations (`title`, `description`) mean nothing here.
final class SchemaValidator: @unchecked Sendable {
    private let document: JSONValue
    /// Compiled `pattern`s, by source, and resolved `$ref`s, by reference. Guarded by `lock`: a
    /// validator may be shared.
    private var patterns: [String: NSRegularExpression] = [:]
    private var references: [String: JSONValue] = [:]
    private let lock = NSLock()

    init(document: JSONValue) {
        self.document = document
    }

    /// The first problem with `value` as a line the engine writes (`$defs/engineMessage`), as a
    /// path and what is wrong; nil when it is valid.
    func problemWithEngineLine(_ value: JSONValue) -> String? {
        problem(with: value, against: ["$ref": "#/$defs/engineMessage"], at: "line")
    }

    /// The first problem with `value` against `schema`, found at `path`.
    func problem(with value: JSONValue, against schema: JSONValue, at path: String) -> String? {
        switch schema {
        case .bool(true): return nil
        case .bool(false): return "\(path) is not allowed here"
        case .object(let keywords): return problem(with: value, keywords: keywords, at: path)
        default: return nil
        }
    }

    private func problem(with value: JSONValue, keywords: [String: JSONValue], at path: String) -> String? {
        if case .string(let reference)? = keywords["$ref"] {
            guard let target = resolve(reference) else { return "\(path): the schema refers to \(reference), which it lacks" }
            if let problem = problem(with: value, against: target, at: path) { return problem }
        }
        if let type = keywords["type"], !Self.matches(value, type: type) {
            return "\(path) is \(value.typeDescription), not \(Self.words(type))"
        }
        if let constant = keywords["const"], value != constant { return "\(path) is \(Self.clipped(value)), not \(JSONWriter.string(constant))" }
        if case .array(let allowed)? = keywords["enum"], !allowed.contains(value) {
            return "\(path) is \(Self.clipped(value)), not one of \(allowed.map(JSONWriter.string).joined(separator: ", "))"
        }
        if case .number(let number) = value {
            if case .number(let least)? = keywords["minimum"], number < least { return "\(path) is \(number), below \(least)" }
            if case .number(let most)? = keywords["maximum"], number > most { return "\(path) is \(number), above \(most)" }
        }
        if case .string(let text) = value, case .string(let pattern)? = keywords["pattern"], !matches(text, pattern: pattern) {
            return "\(path) is \"\(text)\", which does not match \(pattern)"
        }
        if case .object(let members) = value {
            if case .array(let required)? = keywords["required"] {
                for case .string(let name) in required where members[name] == nil { return "\(path).\(name) is missing" }
            }
            let properties: [String: JSONValue] = if case .object(let described)? = keywords["properties"] { described } else { [:] }
            for name in members.keys.sorted() {
                let member = members[name]!
                if let described = properties[name] {
                    if let problem = problem(with: member, against: described, at: "\(path).\(name)") { return problem }
                } else if let additional = keywords["additionalProperties"] {
                    if additional == .bool(false) { return "\(path).\(name) is not a member the schema allows" }
                    if let problem = problem(with: member, against: additional, at: "\(path).\(name)") { return problem }
                }
            }
        }
        if case .array(let elements) = value, let items = keywords["items"] {
            for (index, element) in elements.enumerated() {
                if let problem = problem(with: element, against: items, at: "\(path)[\(index)]") { return problem }
            }
        }
        if case .array(let all)? = keywords["allOf"] {
            for schema in all {
                if let problem = problem(with: value, against: schema, at: path) { return problem }
            }
        }
        if case .array(let any)? = keywords["anyOf"] {
            let problems = any.map { quicklyRefuses($0, value, at: path) ?? problem(with: value, against: $0, at: path) }
            if !problems.contains(where: { $0 == nil }) { return closest(problems, of: any, for: value, at: path) }
        }
        if case .array(let one)? = keywords["oneOf"] {
            let problems = one.map { quicklyRefuses($0, value, at: path) ?? problem(with: value, against: $0, at: path) }
            let passing = problems.filter { $0 == nil }.count
            if passing == 0 { return closest(problems, of: one, for: value, at: path) }
            if passing > 1 { return "\(path) matches \(passing) of the schema's shapes, where it must match one" }
        }
        if let condition = keywords["if"] {
            let branch = problem(with: value, against: condition, at: path) == nil ? keywords["then"] : keywords["else"]
            if let branch, let problem = problem(with: value, against: branch, at: path) { return problem }
        }
        return nil
    }

    /// What is wrong with `value` against alternatives none of which it matches: the problem of
    /// the alternative meant for it (the one whose own `const` members it has, such as its
    /// `method`; those every alternative shares, such as `jsonrpc`, tell none apart), else a
    /// word for all of them.
    private func closest(_ problems: [String?], of schemas: [JSONValue], for value: JSONValue, at path: String) -> String {
        let constants: [[String: JSONValue]] = schemas.map { schema in
            let resolved = schema["$ref"]?.stringValue.flatMap(resolve) ?? schema
            guard case .object(let properties)? = resolved["properties"] else { return [:] }
            return properties.compactMapValues { $0["const"] }
        }
        let shared = constants.dropFirst().reduce(constants.first ?? [:]) { common, next in common.filter { next[$0.key] == $0.value } }
        var best: (count: Int, problem: String)?
        for (own, problem) in zip(constants, problems) {
            let telling = own.filter { shared[$0.key] != $0.value }
            guard let problem, !telling.isEmpty, telling.allSatisfy({ value[$0.key] == $0.value }), telling.count > (best?.count ?? 0) else { continue }
            best = (telling.count, problem)
        }
        if let best { return best.problem }
        // Else the one alternative of the value's type (a day, where a day or null is allowed).
        let ofItsType = zip(schemas, problems).filter { schema, _ in
            let resolved = schema["$ref"]?.stringValue.flatMap(resolve) ?? schema
            return resolved["type"].map { Self.matches(value, type: $0) } ?? false
        }
        if ofItsType.count == 1, let problem = ofItsType[0].1 { return problem }
        return "\(path) matches none of the \(schemas.count) shapes the schema allows here: \(Self.clipped(value))"
    }

    /// Why `schema` refuses `value` at a glance, before a whole check: a member the value has
    /// whose `const` differs (another `method`). Nil when a glance cannot tell.
    private func quicklyRefuses(_ schema: JSONValue, _ value: JSONValue, at path: String) -> String? {
        guard case .object(let members) = value else { return nil }
        let resolved = schema["$ref"]?.stringValue.flatMap(resolve) ?? schema
        guard case .object(let properties)? = resolved["properties"] else { return nil }
        for (name, property) in properties {
            if let constant = property["const"], let member = members[name], member != constant {
                return "\(path).\(name) is \(Self.clipped(member)), not \(JSONWriter.string(constant))"
            }
        }
        return nil
    }

    /// The schema at `reference`, a pointer into this document (`#/$defs/scenes/todo.add/viewModel`),
    /// found once and then kept.
    private func resolve(_ reference: String) -> JSONValue? {
        lock.lock()
        defer { lock.unlock() }
        if let known = references[reference] { return known }
        guard reference.hasPrefix("#") else { return nil }
        var target = document
        for part in reference.dropFirst().split(separator: "/") {
            let name = part.contains("~") ? part.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~") : String(part)
            guard let next = target[name] else { return nil }
            target = next
        }
        references[reference] = target
        return target
    }

    private func matches(_ text: String, pattern: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        let expression: NSRegularExpression
        if let compiled = patterns[pattern] {
            expression = compiled
        } else {
            guard let compiled = try? NSRegularExpression(pattern: pattern) else { return true }
            patterns[pattern] = compiled
            expression = compiled
        }
        return expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    private static func matches(_ value: JSONValue, type: JSONValue) -> Bool {
        switch type {
        case .string(let name):
            switch (name, value) {
            case ("null", .null), ("boolean", .bool), ("number", .number), ("string", .string), ("array", .array), ("object", .object): return true
            case ("integer", .number(let number)): return number.rounded() == number
            default: return false
            }
        case .array(let names):
            return names.contains { matches(value, type: $0) }
        default:
            return true
        }
    }

    private static func words(_ type: JSONValue) -> String {
        switch type {
        case .string(let name): name
        case .array(let names): names.compactMap(\.stringValue).joined(separator: " or ")
        default: "what the schema says"
        }
    }

    private static func clipped(_ value: JSONValue) -> String {
        InvariantChecker.clipped(JSONWriter.string(value))
    }
}
