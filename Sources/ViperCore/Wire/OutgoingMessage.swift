/// The lines the engine writes: responses, error responses and notifications.
enum OutgoingMessage {
    static func response(id: RequestID, result: JSONValue) -> JSONValue {
        .object(["jsonrpc": "2.0", "id": id.json, "result": result])
    }

    static func error(id: RequestID, _ error: ProtocolError) -> JSONValue {
        .object(["jsonrpc": "2.0", "id": id.json, "error": error.json])
    }

    static func notification(_ notification: some WireNotification) throws -> JSONValue {
        .object(["jsonrpc": "2.0", "method": .string(type(of: notification).method), "params": try JSONValueEncoder.encode(notification)])
    }
}
