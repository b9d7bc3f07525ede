import Foundation

/// A fuzzed input line, read with Foundation's parser.
struct RequestLine {
    let object: [String: Any]?

    init(_ bytes: [UInt8]) {
        var bytes = bytes
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        object = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any]
    }

    /// The id the line carries, when it has one JSON-RPC allows.
    var id: Any? {
        guard let id = object?["id"] else { return nil }
        return id is String || id is NSNumber || id is NSNull ? id : nil
    }

    /// Whether the line is a request without an id, which gets no answer.
    var isNotification: Bool {
        guard let object, object["id"] == nil, object["jsonrpc"] as? String == "2.0", object["method"] is String
        else { return false }
        return object["params"] == nil || object["params"] is [String: Any] || object["params"] is [Any]
    }

    /// Whether the line is a reply to one of the engine's requests (a `result` or an `error`,
    /// no `method`): in 1.1 it is answered only when wrong, and then at once, out of turn.
    var isReply: Bool {
        guard let object, object["method"] == nil, object["jsonrpc"] as? String == "2.0", id != nil else { return false }
        return object["result"] != nil || object["error"] != nil
    }
}
