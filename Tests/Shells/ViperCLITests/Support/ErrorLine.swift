/// The parts of a JSON-RPC error line that the contract fixes: the id it answers, the code, the
/// stable `data.kind`, and `data.path` for invalid params. The message is for people and free.
struct ErrorLine: Equatable, CustomStringConvertible {
    /// The id as JSON text: `null`, `7`, `"abc"`.
    let id: String
    let code: Int
    let kind: String
    var path: String?

    init(id: String, code: Int, kind: String, path: String? = nil) {
        self.id = id
        self.code = code
        self.kind = kind
        self.path = path
    }

    /// Reads an error response line; nil when the line is anything else, or lacks a member
    /// JSON-RPC requires (`jsonrpc`, a string `message`).
    init?(_ line: String) {
        guard let message = WireJSON.object(line), message["jsonrpc"] as? String == "2.0", message["result"] == nil,
            let rawID = message["id"], let error = message["error"] as? [String: Any],
            let code = error["code"] as? Int, error["message"] is String,
            let data = error["data"] as? [String: Any], let kind = data["kind"] as? String
        else { return nil }
        self.init(id: WireJSON.text(of: rawID), code: code, kind: kind, path: data["path"] as? String)
    }

    var description: String {
        "\(code) \(kind) id \(id)" + (path.map { " at \($0)" } ?? "")
    }
}
