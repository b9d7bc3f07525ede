/// One step of a session an exploration played: the transcript line that replays it, the line
/// it sent, and what the engine wrote for it.
struct StoryStep: Sendable {
    /// The step as a transcript writes it (`> view.event {…}`, `> reply {…}`, `>> {…}`).
    let transcriptLine: String
    /// The line sent on the wire.
    let sent: String
    /// The lines the engine wrote for it, in order.
    let output: [String]
}
