/// Reads commands from a pipe or file, one per line, with no prompt and no escape codes:
/// `viper < script.txt`.
struct ScriptReader: LineEditor {
    var isInteractive: Bool { false }

    func read(prompt: String) -> EditorInput {
        Swift.readLine(strippingNewline: true).map(EditorInput.line) ?? .endOfInput
    }
}
