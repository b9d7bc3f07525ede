/// Where the REPL's commands come from: a script on a pipe, or a person at a terminal through
/// the editor a host plugs in (`ViperHost.terminalEditor`).
public protocol LineEditor: InterruptWatcher {
    /// Whether a person is typing (a terminal), as opposed to a script on a pipe.
    var isInteractive: Bool { get }

    /// The next line; `prompt` is shown when a person is typing. While it waits, what arrives
    /// by itself (`interjection`) is shown above the line being typed.
    func read(prompt: String, interjection: Interjection) -> EditorInput

    /// A secret (a password) typed without being shown, after `prompt`; nil where nobody can
    /// type one that way (a script on a pipe), or when the person gave up.
    func readSecret(prompt: String) -> String?
}

extension LineEditor {
    /// At a terminal, a line read with the terminal's echo off; nil otherwise.
    public func readSecret(prompt: String) -> String? {
        isInteractive ? SecretPrompt.read(prompt: prompt) : nil
    }
}
