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
            lines.append("    \(style.yellow("~ expected, and where the actual line differs"))")
            var index = rows.startIndex
            while index < rows.endIndex {
                // A line that changed is written once, with where it differs, rather than twice
                // in full: long view models made the two hard to tell apart.
                if case .expectedOnly(let text, _) = rows[index], index + 2 < rows.endIndex, case .actualOnly = rows[index + 1],
                    case .differences(let differences) = rows[index + 2]
                {
                    lines.append("    " + style.yellow("~ \(Self.shortened(text))"))
                    lines += differences.map { "      " + style.dim("at \($0)") }
                    index += 3
                    continue
                }
                switch rows[index] {
                case .same(let text): lines.append("      \(Self.shortened(text))")
                case .expectedOnly(let text, _): lines.append("    " + style.red("- \(text)"))
                case .actualOnly(let text): lines.append("    " + style.green("+ \(text)"))
                case .differences(let differences): lines += differences.map { "      " + style.dim("at \($0)") }
                }
                index += 1
            }
        }
        if !actualLines.isEmpty {
            lines.append("    the engine answered:")
            lines += actualLines.map { "    " + style.green("< \($0)") }
        }
        return lines.joined(separator: "\n")
    }

    /// A line that is context, not the difference itself, cut to what reads on one screen line.
    private static func shortened(_ text: String) -> String {
        text.count > 160 ? String(text.prefix(157)) + "..." : text
    }
}
