/// What the engine wrote while the REPL waited for a line, for the editor to show.
public struct Interjection {
    /// Readable when the engine wrote something (`OutputSignal`).
    public let descriptor: Int32
    /// The text to show, or nil when what was written is already shown; then the prompt to
    /// show again, which may have changed (a scene that left by itself).
    public let take: () -> (text: String, prompt: String)?
}
