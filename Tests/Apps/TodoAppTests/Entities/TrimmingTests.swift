import Foundation
import PropertyBased
import Testing

@testable import TodoApp

/// Scalars that Foundation trims, some that look alike but are not trimmed, and ordinary ones.
private let interestingScalars: [Unicode.Scalar] = [
    " ", "\t", "\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{A0}", "\u{1680}", "\u{2000}", "\u{200A}", "\u{200B}",
    "\u{2028}", "\u{2029}", "\u{202F}", "\u{205F}", "\u{3000}", "\u{180E}", "\u{200C}", "\u{FEFF}", "\u{301}",
    "a", "Z", "é", "全", "🙂", "\u{0}", "\u{1F}",
]

struct TrimmingTests {
    @Test func theTitleIsTrimmedOfExactlyWhatFoundationTrims() async {
        await propertyCheck(count: 500, input: Gen.element(of: interestingScalars).array(of: 0...12)) { scalars in
            var title = ""
            title.unicodeScalars.append(contentsOf: scalars.compactMap { $0 })
            #expect(String(title.trimmingWhitespaceAndNewlines) == title.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    @Test func theWhitespaceListIsFoundationsForEveryScalarOfTheBasicPlane() {
        let differing = (0...0xFFFF).compactMap(Unicode.Scalar.init).filter {
            $0.isWhitespaceOrNewline != CharacterSet.whitespacesAndNewlines.contains($0)
        }
        #expect(differing.isEmpty, "differ: \(differing.map { String($0.value, radix: 16) })")
    }
}
