import ViperJSON

/// The lines the engine writes: responses, error responses and notifications.
///
/// Each envelope is written straight into its line with its members already in the sorted order
/// the wire asks for (`error` < `id` < `jsonrpc` < `method` < `params` < `result`), so no object
/// is built, hashed and sorted for every line (BENCHMARKS.md).
enum OutgoingMessage {
    static func response(id: RequestID, result: RawJSON) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: 48 + result.bytes.count)
        writer.write(raw: #"{"id":"#)
        writer.write(id)
        writer.write(raw: #","jsonrpc":"2.0","result":"#)
        writer.write(result)
        writer.write(raw: "}")
        return writer.bytes
    }

    static func error(id: RequestID, _ error: ProtocolError) -> [UInt8] {
        var writer = JSONWriter()
        writer.write(raw: #"{"error":"#)
        writer.write(error.json)
        writer.write(raw: #","id":"#)
        writer.write(id)
        writer.write(raw: #","jsonrpc":"2.0"}"#)
        return writer.bytes
    }

    /// A request the engine sends the client (`effect.http`), with an id of the engine's own.
    static func request(id: String, method: String, params: JSONValue) -> [UInt8] {
        var writer = JSONWriter()
        writer.write(raw: #"{"id":"#)
        writer.write(string: id)
        writer.write(raw: #","jsonrpc":"2.0","method":"#)
        writer.write(string: method)
        writer.write(raw: #","params":"#)
        writer.write(params)
        writer.write(raw: "}")
        return writer.bytes
    }

    /// `$/cancelRequest` for a request of the engine's that it no longer needs answered.
    static func cancelNotification(id: String) -> [UInt8] {
        // Encoding a string id cannot fail.
        (try? notification(CancelRequestNotification(id: .string(id)))) ?? []
    }

    /// `view.render`, written by hand rather than through the encoder: one goes out for every
    /// event a View sends, and encoding its three params through Codable containers cost 10,400
    /// of the 94,000 instructions of a pipelined `titleChanged` (callgrind, BENCHMARKS.md). A
    /// test checks that it writes the same bytes as `notification(_:)`.
    static func render(_ render: ViewRenderNotification<RawJSON>) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: 96 + render.viewModel.bytes.count)
        writer.write(raw: #"{"jsonrpc":"2.0","method":"view.render","params":{"kind":"#)
        writer.write(string: render.kind)
        writer.write(raw: #","scene":"#)
        writer.write(string: render.scene)
        writer.write(raw: #","viewModel":"#)
        writer.write(render.viewModel)
        writer.write(raw: "}}")
        return writer.bytes
    }

    static func notification<Notification: WireNotification>(_ notification: Notification) throws -> [UInt8] {
        var writer = JSONWriter()
        writer.write(raw: #"{"jsonrpc":"2.0","method":"#)
        writer.write(string: Notification.wireMethod.rawValue)
        writer.write(raw: #","params":"#)
        try JSONValueEncoder.write(notification, to: &writer)
        writer.write(raw: "}")
        return writer.bytes
    }
}
