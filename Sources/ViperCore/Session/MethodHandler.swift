import ViperJSON

/// Runs one request method: decodes its params into the method's type, performs it on the
/// session, and encodes its result, ready to be spliced into the response line.
struct MethodHandler: Sendable {
    /// The JSON-RPC method name.
    let method: String
    /// Whether it is a notification, never answered.
    let isNotification: Bool
    /// Whether a session's journal keeps it (`WireRequest.journaling`).
    let isJournaled: Bool
    let run: @Sendable (isolated Session, IncomingRequest) async throws(ProtocolError) -> RawJSON
    /// The schemas of its params (nil: none) and of its result, for `ProtocolSchema`.
    let paramsSchema: @Sendable (SchemaScope) -> JSONValue?
    let resultSchema: @Sendable (SchemaScope) -> JSONValue

    init<Request: WireRequest>(
        _ type: Request.Type,
        _ perform: @escaping @Sendable (isolated Session, Request) async throws(ProtocolError) -> Request.Result
    ) {
        method = Request.method
        isNotification = Request.isNotification
        isJournaled = Request.journaling == .kept
        paramsSchema = { Request.paramsSchema($0) }
        resultSchema = { Request.Result.schema($0) }
        run = { session, line throws(ProtocolError) in
            let request = try Request.read(line)
            let result = try await perform(session, request)
            // Most methods answer `{}`; its bytes are always the same.
            if Request.Result.self == EmptyResult.self { return .emptyObject }
            do {
                return try RawJSON(encoding: result)
            } catch {
                throw .internalError("could not encode the result of \(Request.method): \(error)")
            }
        }
    }
}
