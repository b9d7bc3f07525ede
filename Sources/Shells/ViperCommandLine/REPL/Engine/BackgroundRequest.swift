import ViperJSON

/// A request the REPL sent without waiting for it (a command ending in `&`), and what the
/// engine wrote for it so far.
struct BackgroundRequest {
    let id: Int
    /// The command as typed, to say which request finished.
    let command: String
    /// The JSON-RPC line sent.
    let sent: String
    var output: [String] = []

    /// Whether `line` is this request's response, which ends what it causes.
    func isAnswered(by line: String) -> Bool {
        guard let message = try? JSONParser.parse(Array(line.utf8)), message["method"] == nil else { return false }
        return message["id"] == .number(Double(id))
    }
}
