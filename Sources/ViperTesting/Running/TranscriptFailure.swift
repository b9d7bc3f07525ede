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

    public var description: String { rendered(colored: false) }

    /// The failure as the console shows it; `colored` adds ANSI colours.
    public func rendered(colored: Bool) -> String {
        let red = colored ? "\u{1B}[31m" : ""
        let green = colored ? "\u{1B}[32m" : ""
        let dim = colored ? "\u{1B}[2m" : ""
        let reset = colored ? "\u{1B}[0m" : ""
        var lines = ["\(red)✘\(reset) \(location): \(message)"]
        if let request { lines.append("    \(request)") }
        if !rows.isEmpty {
            lines.append("    \(red)- expected\(reset)")
            lines.append("    \(green)+ actual\(reset)")
            for row in rows {
                switch row {
                case .same(let text): lines.append("      \(text)")
                case .expectedOnly(let text, _): lines.append("    \(red)- \(text)\(reset)")
                case .actualOnly(let text): lines.append("    \(green)+ \(text)\(reset)")
                case .differences(let differences):
                    lines += differences.map { "      \(dim)at \($0)\(reset)" }
                }
            }
        }
        if !actualLines.isEmpty {
            lines.append("    the engine answered:")
            lines += actualLines.map { "    \(green)< \($0)\(reset)" }
        }
        return lines.joined(separator: "\n")
    }
}
