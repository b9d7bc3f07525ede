package import ViperJSON

/// How Services read the members of an answer.
extension JSONValue {
    /// The string, when this is one.
    package var text: String? {
        if case .string(let text) = self { text } else { nil }
    }

    /// The number, when this is a finite one.
    package var double: Double? {
        if case .number(let number) = self, number.isFinite { number } else { nil }
    }

    /// The number, when this is a whole one that fits an `Int`.
    package var integer: Int? {
        guard let double, double == double.rounded(), abs(double) < 9.0e15 else { return nil }
        return Int(double)
    }
}
