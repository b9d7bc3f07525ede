/// One step of a session an exploration played: the transcript line that replays it, and what
/// the engine wrote for it.
struct StoryStep: Sendable {
    /// The step as a transcript writes it (`> view.event {…}`, `> reply {…}`, `>> {…}`).
    let transcriptLine: String
    /// The lines the engine wrote for it, in order.
    let output: [String]
}
