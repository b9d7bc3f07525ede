/// Where the REPL's commands come from.
protocol LineEditor: InterruptWatcher {
    /// Whether a person is typing (a terminal), as opposed to a script on a pipe.
    var isInteractive: Bool { get }

    /// The next line; `prompt` is shown when a person is typing. While it waits, what arrives
    /// by itself (`interjection`) is shown above the line being typed.
    func read(prompt: String, interjection: Interjection) -> EditorInput
}

/// What the engine wrote while the REPL waited for a line, for the editor to show.
struct Interjection {
    /// Readable when the engine wrote something (`OutputSignal`).
    let descriptor: Int32
    /// The text to show, or nil when what was written is already shown; then the prompt to
    /// show again, which may have changed (a scene that left by itself).
    let take: () -> (text: String, prompt: String)?
}

/// What reading a line gave.
enum EditorInput: Equatable {
    case line(String)
    /// Ctrl-C: the line being typed was dropped.
    case interrupted
    /// Ctrl-D, or the end of the script.
    case endOfInput
}

/// Tells the REPL of Ctrl-C while it waits for the engine, so that a slow request can be
/// cancelled; a script has no Ctrl-C of its own.
protocol InterruptWatcher {
    /// Runs `work`; each Ctrl-C meanwhile calls `interrupted`.
    func whileWaiting(_ work: () async -> Void, interrupted: @escaping @Sendable () -> Void) async
}
