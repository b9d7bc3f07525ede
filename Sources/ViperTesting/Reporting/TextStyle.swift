#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How viper's commands dress text: ANSI colours on a terminal, nothing when `NO_COLOR` is set
/// or the output is not a terminal. Shared by `viper test` and the REPL.
package struct TextStyle: Sendable {
    package let colored: Bool

    package init(colored: Bool) {
        self.colored = colored
    }

    package static let plain = TextStyle(colored: false)

    /// Colours when stdout is a terminal and `NO_COLOR` is not set.
    package static func forStandardOutput(environment: [String: String]) -> TextStyle {
        TextStyle(colored: isatty(STDOUT_FILENO) == 1 && environment["NO_COLOR"] == nil)
    }

    package func bold(_ text: String) -> String { wrap(text, "1") }
    package func dim(_ text: String) -> String { wrap(text, "2") }
    package func red(_ text: String) -> String { wrap(text, "31") }
    package func green(_ text: String) -> String { wrap(text, "32") }
    package func yellow(_ text: String) -> String { wrap(text, "33") }

    private func wrap(_ text: String, _ code: String) -> String {
        colored ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
