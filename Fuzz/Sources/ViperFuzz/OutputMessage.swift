import Foundation

/// One output line, read with Foundation's parser: an oracle independent of the engine's own.
struct OutputMessage {
    let text: String
    let object: [String: Any]?

    init(bytes: [UInt8]) {
        text = String(decoding: bytes, as: UTF8.self)
        object = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any]
    }

    var isResponse: Bool { object?["method"] == nil && object?.keys.contains("id") == true }

    func isResponse(to id: String) -> Bool { isResponse && object?["id"] as? String == id }

    /// Whether this is the error a wrong reply gets: written as soon as the reply is read, not
    /// in the turn of the requests before it.
    var isReplyError: Bool {
        guard isResponse, let error = object?["error"] as? [String: Any], let data = error["data"] as? [String: Any] else { return false }
        return data["kind"] as? String == "unknownReply" || data["kind"] as? String == "invalidReply"
    }

    /// Whether the response's id is `id`; numbers compare as the doubles protocol.md says they are.
    func hasID(_ id: Any) -> Bool {
        guard let own = object?["id"] else { return false }
        switch (own, id) {
        case (let own as String, let id as String): return own == id
        case (is NSNull, is NSNull): return true
        case (let own as NSNumber, let id as NSNumber): return own.doubleValue == id.doubleValue
        default: return false
        }
    }

    /// `cancelled` (1.1): LSP's code, outside JSON-RPC's reserved range.
    private static let cancelled = -32800

    /// A response with exactly one of `result` and `error`, errors with an integer code in
    /// JSON-RPC's range or `cancelled`, a message and a `data.kind`; or a notification the
    /// engine sends.
    var isWellFormed: Bool {
        guard let object, object["jsonrpc"] as? String == "2.0" else { return false }
        if let method = object["method"] as? String {
            return ["view.navigate", "view.render"].contains(method) && object["params"] is [String: Any]
                && object["id"] == nil && object.count == 3
        }
        guard object.keys.contains("id"), object.count == 3 else { return false }
        if object.keys.contains("result") { return true }
        guard let error = object["error"] as? [String: Any], let code = error["code"] as? Int,
            (-32768 ... -32000).contains(code) || code == Self.cancelled, error["message"] is String,
            let data = error["data"] as? [String: Any], data["kind"] is String
        else { return false }
        return true
    }
}
