/// A request the REPL sent without waiting for it (a command ending in `&`).
struct BackgroundRequest {
    let id: Int
    /// The command as typed, to say which request finished.
    let command: String
}
