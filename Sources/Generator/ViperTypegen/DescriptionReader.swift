import ViperJSON

/// Reads the members of an `engine.describe` result, naming where one is missing or mistyped.
struct DescriptionReader {
    /// Where in the result the values read are (`result.scenes[3]`).
    let path: String

    func nested(_ member: String) -> DescriptionReader {
        DescriptionReader(path: member.hasPrefix("[") ? path + member : path + "." + member)
    }

    func string(_ name: String, in value: JSONValue) throws(TypegenError) -> String {
        guard case .string(let text)? = value[name] else { throw .notADescription("\(path).\(name)", "missing, or not a string") }
        return text
    }

    func optionalString(_ name: String, in value: JSONValue) throws(TypegenError) -> String? {
        switch value[name] {
        case nil, .null?: return nil
        case .string(let text)?: return text
        default: throw .notADescription("\(path).\(name)", "not a string")
        }
    }

    func array(_ name: String, in value: JSONValue) throws(TypegenError) -> [JSONValue] {
        guard case .array(let elements)? = value[name] else { throw .notADescription("\(path).\(name)", "missing, or not an array") }
        return elements
    }

    /// A map of strings, empty when absent.
    func stringMap(_ name: String, in value: JSONValue) throws(TypegenError) -> [String: String] {
        guard let member = value[name] else { return [:] }
        guard case .object(let members) = member else { throw .notADescription("\(path).\(name)", "not an object") }
        var strings: [String: String] = [:]
        for (key, element) in members {
            guard case .string(let text) = element else { throw .notADescription("\(path).\(name).\(key)", "not a string") }
            strings[key] = text
        }
        return strings
    }
}
