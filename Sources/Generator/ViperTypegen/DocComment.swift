import Foundation

/// The words of a generated declaration's doc comment, from the app's contract: its label, its
/// role, and whether it supersedes; the same in every language whose comments are `/** */`.
enum DocComment {
    /// "Due date. Role: problems.", or nil when the app says nothing of it.
    static func text(label: String?, role: String?, superseding: Bool = false) -> String? {
        var parts: [String] = []
        if let label { parts.append("\(safe(label)).") }
        if let role { parts.append("Role: \(safe(role)).") }
        if superseding { parts.append("Superseding: a newer one cancels the one still running.") }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }

    /// `text` safe inside a `/** */` comment, on one line.
    static func safe(_ text: String) -> String {
        text.replacingOccurrences(of: "*/", with: "*\\/").replacingOccurrences(of: "\n", with: " ")
    }
}
