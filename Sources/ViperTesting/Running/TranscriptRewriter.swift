import ViperCore
import ViperJSON

/// Writes a transcript anew with some steps' expectations replaced by what the engine answered,
/// keeping every other line as it was, the comments inside replaced blocks, and the `{{…}}`
/// markers of the lines they replace.
enum TranscriptRewriter {
    /// A replacement expected line and the comment lines that go before it.
    struct NewLine {
        let leadingLines: [String]
        let text: String
    }

    /// The new expected lines of a step, from its comparison with the engine's answer; nil when
    /// the engine wrote a line that is not JSON, which no transcript can expect.
    static func newLines(for comparison: StepComparison, old step: TranscriptStep, requestID: JSONValue) -> [NewLine]? {
        let actual = comparison.actualValues
        guard actual.allSatisfy({ $0 != nil }) else { return nil }
        let allComments = step.expectations.flatMap(\.leadingLines)
        guard !actual.isEmpty else { return [NewLine(leadingLines: allComments, text: "<")] }
        let answersInitialize: Bool = if case .call(let request) = step.request { request.wireMethod == .initialize } else { false }
        var usedExpectations = Set<Int>()
        var lines: [NewLine] = []
        for (position, value) in actual.enumerated() {
            let written = TranscriptLines.expected(value!, requestID: requestID, answersInitialize: answersInitialize)
            if let index = comparison.expectationForActual[position] {
                usedExpectations.insert(index)
                let old = step.expectations[index]
                lines.append(NewLine(leadingLines: old.leadingLines, text: "< " + JSONWriter.string(keepingMarkers(of: old.pattern, in: written))))
            } else {
                lines.append(NewLine(leadingLines: [], text: "< " + JSONWriter.string(written)))
            }
        }
        // Comments of expectations that no longer have a line stay, at the end of the block.
        let orphaned = step.expectations.indices.filter { !usedExpectations.contains($0) }.flatMap { step.expectations[$0].leadingLines }
        if !orphaned.isEmpty {
            let last = lines.removeLast()
            lines.append(NewLine(leadingLines: last.leadingLines + orphaned, text: last.text))
        }
        return lines
    }

    /// `actual`, with the `{{*}}` and `{{name}}` markers of `pattern` put back where both have
    /// the same shape.
    static func keepingMarkers(of pattern: JSONValue, in actual: JSONValue) -> JSONValue {
        switch Marker(pattern) {
        case .any?, .capture?: return pattern
        case .literal?, nil: break
        }
        switch (pattern, actual) {
        case (.object(let patternMembers), .object(var actualMembers)):
            for (key, value) in actualMembers {
                if let member = patternMembers[key] { actualMembers[key] = keepingMarkers(of: member, in: value) }
            }
            return .object(actualMembers)
        case (.array(let patternElements), .array(let actualElements)) where patternElements.count == actualElements.count:
            return .array(zip(patternElements, actualElements).map { keepingMarkers(of: $0, in: $1) })
        default:
            return actual
        }
    }

    /// The transcript's text with the expectations of the steps in `replacements` rewritten.
    static func text(of transcript: Transcript, replacing replacements: [Int: [NewLine]]) -> String {
        var lines = transcript.preamble
        for (index, step) in transcript.steps.enumerated() {
            lines += step.leadingLines
            lines.append(step.requestText)
            if let replacement = replacements[index] {
                for line in replacement { lines += line.leadingLines + [line.text] }
            } else {
                for expectation in step.expectations { lines += expectation.leadingLines + [expectation.text] }
                if step.expectsNothing { lines.append("<") }
            }
        }
        lines += transcript.trailer
        return lines.joined(separator: "\n") + "\n"
    }
}
