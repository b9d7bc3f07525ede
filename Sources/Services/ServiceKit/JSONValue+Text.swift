package import ViperJSON

extension JSONValue {
    /// The string, when this is one: how Services read the members of an answer.
    package var text: String? {
        if case .string(let text) = self { text } else { nil }
    }
}
