import ViperCore

/// Why a transcript failed: where, for which request, and how the answer differed.
public struct TranscriptFailure: Sendable, Error, CustomStringConvertible {
    /// `path:line` of the first line that is wrong.
    public let location: String
    /// The request as the transcript writes it, when a step failed.
    let request: String?
    /// A sentence saying what went wrong.
    let message: String
    /// The comparison of expected and actual lines, when there is one.
    let rows: [StepComparison.Row]
    /// Lines of actual output to show without a comparison (a missing expectation).
    let actualLines: [String]

    public var description: String { rendered(style: .plain) }

    /// The failure as the console shows it, coloured by `style`.
    package func rendered(style: TextStyle) -> String {
        var lines = ["\(style.red("✘")) \(location): \(message)"]
        if let request { lines.append("    \(request)") }
        if !rows.isEmpty {
            lines.append("    \(style.red("- expected"))")
            lines.append("    \(style.green("+ actual"))")
            for row in rows {
                switch row {
                case .same(let text): lines.append("      \(text)")
                case .expectedOnly(let text, _): lines.append("    " + style.red("- \(text)"))
                case .actualOnly(let text): lines.append("    " + style.green("+ \(text)"))
                case .differences(let differences): lines += differences.map { "      " + style.dim("at \($0)") }
                }
            }
        }
        if !actualLines.isEmpty {
            lines.append("    the engine answered:")
            lines += actualLines.map { "    " + style.green("< \($0)") }
        }
        return lines.joined(separator: "\n")
    }
}
