import ViperJSON

/// Runs one request method: decodes its params into the method's type, performs it on the
/// session, and encodes its result, ready to be spliced into the response line.
struct MethodHandler: Sendable {
    let run: @Sendable (isolated Session, IncomingRequest) async throws(ProtocolError) -> RawJSON

    init<Request: WireRequest>(
        _ type: Request.Type,
        _ perform: @escaping @Sendable (isolated Session, Request) async throws(ProtocolError) -> Request.Result
    ) {
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
