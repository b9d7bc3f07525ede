/// Any JSON value decodes as itself, so a message can keep part of its content raw (the data of
/// `view.event` before its scene is known). The engine's own coders pass the value through
/// untouched; these implementations serve any other coder.
extension JSONValue: Codable {
    package init(from decoder: any Decoder) throws {
        if let array = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            var container = array
            while !container.isAtEnd { elements.append(try container.decode(JSONValue.self)) }
            self = .array(elements)
        } else if let object = try? decoder.container(keyedBy: WireCodingKey.self) {
            var members: [String: JSONValue] = [:]
            for key in object.allKeys { members[key.stringValue] = try object.decode(JSONValue.self, forKey: key) }
            self = .object(members)
        } else {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
            } else if let flag = try? container.decode(Bool.self) {
                self = .bool(flag)
            } else if let number = try? container.decode(Double.self) {
                self = .number(number)
            } else {
                self = .string(try container.decode(String.self))
            }
        }
    }

    package func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let flag):
            var container = encoder.singleValueContainer()
            try container.encode(flag)
        case .number(let number):
            var container = encoder.singleValueContainer()
            try container.encode(number)
        case .string(let string):
            var container = encoder.singleValueContainer()
            try container.encode(string)
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(element) }
        case .object(let members):
            var container = encoder.container(keyedBy: WireCodingKey.self)
            for (key, value) in members { try container.encode(value, forKey: WireCodingKey(stringValue: key)) }
        }
    }
}
