import Foundation
import ViperTesting

/// Where the REPL writes: what a command shows goes to stdout, its mistakes to stderr, each
/// written at once, unbuffered, so that output and errors interleave in the order they happen.
struct REPLOutput {
    let style: TextStyle

    /// Shows `text` on stdout.
    func say(_ text: String, newline: Bool = true) {
        try? FileHandle.standardOutput.write(contentsOf: Data((text + (newline ? "\n" : "")).utf8))
    }

    /// Says on stderr what went wrong, so that `viper --bail < script > out` still says on the
    /// terminal why it stopped.
    func complain(_ text: String) {
        try? FileHandle.standardError.write(contentsOf: Data((style.red("error: ") + text + "\n").utf8))
    }

    /// Complains of a command's mistake: the command failed.
    func mistake(_ text: String) -> REPL.Outcome {
        complain(text)
        return .failed
    }
}
