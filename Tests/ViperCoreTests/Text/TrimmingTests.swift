import Foundation
import PropertyBased
import Testing

@testable import ViperCore

/// Scalars that Foundation trims, some that look alike but are not trimmed, and ordinary ones.
private let interestingScalars: [Unicode.Scalar] = [
    " ", "\t", "\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{A0}", "\u{1680}", "\u{2000}", "\u{200A}", "\u{200B}",
    "\u{2028}", "\u{2029}", "\u{202F}", "\u{205F}", "\u{3000}", "\u{180E}", "\u{200C}", "\u{FEFF}", "\u{301}",
    "a", "Z", "é", "全", "🙂", "\u{0}", "\u{1F}",
]

/// `String.trimmingWhitespace`, the one way the apps and the modules `viper new` makes trim what a
/// person typed.
struct TrimmingTests {
    @Test("Spaces at either end go; spaces inside stay", arguments: [
        ("Buy milk", "Buy milk"), ("  Buy milk", "Buy milk"), ("Buy milk   ", "Buy milk"), ("  Buy  milk  ", "Buy  milk"),
    ])
    func spaces(text: String, trimmed: String) {
        #expect(text.trimmingWhitespace == trimmed)
    }

    @Test("Tabs and every kind of line break go", arguments: [
        "\tBuy milk\t", "\nBuy milk\n", "\r\nBuy milk\r\n", "\u{0B}\u{0C}Buy milk\r", "\u{85}Buy milk\u{2028}", "\u{2029}Buy milk \n\t",
    ])
    func tabsAndLineBreaks(text: String) {
        #expect(text.trimmingWhitespace == "Buy milk")
    }

    @Test("The no-break, typographic and ideographic spaces go, and the zero-width space", arguments: [
        "\u{A0}", "\u{202F}", "\u{1680}", "\u{2000}", "\u{2003}", "\u{2009}", "\u{200A}", "\u{200B}", "\u{205F}", "\u{3000}",
    ])
    func unicodeSpaces(space: String) {
        #expect((space + "Café" + space).trimmingWhitespace == "Café")
    }

    @Test("Format characters that look blank stay", arguments: ["\u{200C}", "\u{200D}", "\u{FEFF}", "\u{180E}"])
    func invisibleFormatCharacters(character: String) {
        #expect((" " + character + "x" + character + " ").trimmingWhitespace == character + "x" + character)
    }

    @Test("Text that is only whitespace is empty", arguments: ["", " ", "   ", "\n\t ", "\r\n", "\u{A0}\u{3000}\u{2028}", "\u{200B}"])
    func onlyWhitespace(text: String) {
        #expect(text.trimmingWhitespace.isEmpty)
    }

    @Test func trimmingIsPerScalarSoACombiningMarkAfterASpaceStays() {
        let text = " \u{301}x "
        #expect(text.trimmingWhitespace.unicodeScalars.elementsEqual("\u{301}x".unicodeScalars))
    }

    @Test func theTextIsTrimmedOfExactlyWhatFoundationTrims() async {
        await propertyCheck(count: 500, input: Gen.element(of: interestingScalars).array(of: 0...12)) { scalars in
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars.compactMap { $0 })
            #expect(String(text.trimmingWhitespace) == text.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    @Test func theWhitespaceListIsFoundationsForEveryScalarOfTheBasicPlane() {
        let differing = (0...0xFFFF).compactMap(Unicode.Scalar.init).filter {
            $0.isWhitespaceOrNewline != CharacterSet.whitespacesAndNewlines.contains($0)
        }
        #expect(differing.isEmpty, "differ: \(differing.map { String($0.value, radix: 16) })")
    }
}
