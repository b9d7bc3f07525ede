/// Where the REPL's commands come from.
protocol LineEditor {
    /// Whether a person is typing (a terminal), as opposed to a script on a pipe.
    var isInteractive: Bool { get }

    /// The next line; `prompt` is shown when a person is typing.
    func read(prompt: String) -> EditorInput
}

/// What reading a line gave.
enum EditorInput: Equatable {
    case line(String)
    /// Ctrl-C: the line being typed was dropped.
    case interrupted
    /// Ctrl-D, or the end of the script.
    case endOfInput
}
