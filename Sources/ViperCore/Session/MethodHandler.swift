import ViperJSON

/// Runs one request method: decodes its params into the method's type, performs it on the
/// session, and encodes its result, ready to be spliced into the response line.
struct MethodHandler: Sendable {
    let run: @Sendable (isolated Session, JSONValue?) async throws(ProtocolError) -> RawJSON

    init<Request: WireRequest>(
        _ type: Request.Type,
        _ perform: @escaping @Sendable (isolated Session, Request) async throws(ProtocolError) -> Request.Result
    ) {
        run = { session, params throws(ProtocolError) in
            let request = try Self.decode(Request.self, from: params)
            let result = try await perform(session, request)
            do {
                return try RawJSON(encoding: result)
            } catch {
                throw .internalError("could not encode the result of \(Request.method): \(error)")
            }
        }
    }

    private static func decode<Request: WireRequest>(_ type: Request.Type, from params: JSONValue?) throws(ProtocolError) -> Request {
        if case .array? = params {
            throw .invalidParams(path: "params", "must be an object of named params, not an array")
        }
        do {
            // Absent params read as `{}`: methods whose params are all optional need none.
            return try JSONValueDecoder.decode(type, from: params ?? .object([:]), codingPath: [WireCodingKey(stringValue: "params")])
        } catch let error as DecodingError {
            throw .invalidParams(error)
        } catch {
            throw .internalError("could not decode the params of \(Request.method): \(error)")
        }
    }
}
