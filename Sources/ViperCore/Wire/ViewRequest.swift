import ViperJSON

/// A request as a View sends it, declared by the engine's own request type: every client in
/// this repository (the REPL, `mcp`, `explore`, the in-process View) builds what it sends from
/// these types, so a method's name and its params are written once, where the engine reads them.
package protocol ViewRequest: Encodable, Sendable {
    /// The method the request is sent as.
    static var wireMethod: WireMethod { get }
}

extension ViewRequest {
    /// The method the request is sent as.
    package var wireMethod: WireMethod { Self.wireMethod }

    /// The params as sent: the request's members, those without a value left out; nil for a
    /// request without any (`engine.idle`), which is sent without params.
    package var params: JSONValue? {
        // A request's members are strings, numbers, instants and JSON values: they always encode.
        guard case .object(let members)? = try? JSONValueEncoder.encode(self) else { return nil }
        let present = members.filter { $0.value != .null }
        return present.isEmpty ? nil : .object(present)
    }
}

extension ViewRequest {
    /// The request as the line a View writes, with `id`; without one, as a notification
    /// (`$/cancelRequest`).
    package func line(id: JSONValue?) -> String {
        var message: [String: JSONValue] = ["jsonrpc": "2.0", "method": wireMethod.json]
        if let id { message["id"] = id }
        if let params { message["params"] = params }
        return JSONWriter.string(.object(message))
    }
}

extension EffectHTTPRequest {
    /// A View's reply to the engine's `effect.http` `id`: the response (`answer` is the
    /// result), or the error object that says why no response came.
    package static func replyLine(to id: JSONValue, with answer: JSONValue, isError: Bool) -> String {
        JSONWriter.string(["jsonrpc": "2.0", "id": id, isError ? "error" : "result": answer])
    }
}
