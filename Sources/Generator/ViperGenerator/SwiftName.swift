/// A name the user gave `viper new`, checked to make Swift types and wire names of.
package struct SwiftName: Equatable, Sendable {
    /// As typed, with its first letter in upper case: a type's name (`UserProfile`).
    package let type: String

    /// With its first letter in lower case: a wire name (`userProfile`).
    package var wire: String { type.prefix(1).lowercased() + type.dropFirst() }

    /// `name` when it can name a Swift type: ASCII letters and digits, starting with a letter,
    /// and no Swift keyword; `what` says what it names, for the error.
    package init(_ name: String, naming what: String) throws(GeneratorError) {
        guard let first = name.first, first.isASCII, first.isLetter, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }),
            !Self.keywords.contains(name.lowercased())
        else { throw .notAnIdentifier(name, what: what) }
        type = name.prefix(1).uppercased() + name.dropFirst()
    }

    /// Words that would not compile as a type or wire name once cased (`Self`, `Type`, `Any`),
    /// or that the generated code already uses.
    private static let keywords: Set<String> = [
        "self", "type", "any", "protocol", "some", "appscreens",
    ]
}
