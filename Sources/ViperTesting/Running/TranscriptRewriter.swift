import ViperCore

/// Writes a transcript anew with some steps' expectations replaced by what the engine answered,
/// keeping every other line as it was, the comments inside replaced blocks, and the `{{…}}`
/// markers of the lines they replace.
enum TranscriptRewriter {
    /// A replacement expected line and the comment lines that go before it.
    struct NewLine {
        let leadingLines: [String]
        let text: String
    }

    /// The new expected lines of a step, from its comparison with the engine's answer.
    static func newLines(for comparison: StepComparison, old step: TranscriptStep) -> [NewLine] {
        guard !comparison.shortenedActual.isEmpty else { return [NewLine(leadingLines: [], text: "<")] }
        var usedExpectations = Set<Int>()
        var lines: [NewLine] = []
        for (position, actual) in comparison.shortenedActual.enumerated() {
            guard let actual else {
                // Not JSON: nothing a transcript can expect; keep it visible as a string.
                lines.append(NewLine(leadingLines: [], text: "< " + JSONWriter.string(.string("not JSON"))))
                continue
            }
            if let index = comparison.expectationForActual[position] {
                usedExpectations.insert(index)
                let old = step.expectations[index]
                lines.append(NewLine(leadingLines: old.leadingLines, text: "< " + JSONWriter.string(keepingMarkers(of: old.pattern, in: actual))))
            } else {
                lines.append(NewLine(leadingLines: [], text: "< " + JSONWriter.string(actual)))
            }
        }
        // Comments of expectations that no longer have a line stay, at the end of the block.
        let orphaned = step.expectations.indices.filter { !usedExpectations.contains($0) }.flatMap { step.expectations[$0].leadingLines }
        if !orphaned.isEmpty { lines[lines.count - 1] = NewLine(leadingLines: lines[lines.count - 1].leadingLines + orphaned, text: lines[lines.count - 1].text) }
        return lines
    }

    /// `actual`, with the markers of `pattern` put back where both have the same shape.
    static func keepingMarkers(of pattern: JSONValue, in actual: JSONValue) -> JSONValue {
        if Placeholder(pattern) != nil { return pattern }
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
