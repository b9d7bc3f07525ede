import ViperCore
import ViperJSON

/// The conventions that let transcripts leave out what the runner knows: `"jsonrpc":"2.0"` on
/// every line, and the `id` of a response to the step's own request.
enum WireLine {
    /// An expected line as the engine would write it: `jsonrpc` added, and the request's id
    /// added to a response that names none.
    static func completed(_ pattern: JSONValue, requestID: JSONValue) -> JSONValue {
        guard case .object(var members) = pattern else { return pattern }
        if members["jsonrpc"] == nil { members["jsonrpc"] = "2.0" }
        if members["id"] == nil, members["result"] != nil || members["error"] != nil { members["id"] = requestID }
        return .object(members)
    }

    /// An actual line as a transcript writes it: without what `completed` would add back.
    static func shortened(_ line: JSONValue, requestID: JSONValue) -> JSONValue {
        guard case .object(var members) = line else { return line }
        if members["jsonrpc"] == "2.0" { members["jsonrpc"] = nil }
        if members["id"] == requestID, members["result"] != nil || members["error"] != nil { members["id"] = nil }
        return .object(members)
    }
}
