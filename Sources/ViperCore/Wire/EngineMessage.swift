import ViperJSON

/// A line the engine wrote, read once into what it says: the vocabulary every View in this
/// repository receives through (the REPL, `mcp`, `explore`, the transcript player), instead
/// of picking members out of the line where each needs one.
package enum EngineMessage: Sendable, Equatable {
    /// `view.navigate`: a scene joined or left the stack.
    case navigate(ViewNavigateNotification)
    /// `view.render`: what a scene shows now.
    case render(ViewRenderNotification<JSONValue>)
    /// `effect.http`: the engine asks the View for HTTP, and waits for the reply to `id`.
    case effect(id: JSONValue, EffectHTTPRequest)
    /// `$/cancelRequest`: the engine no longer needs the reply to its request `id`.
    case cancel(id: JSONValue)
    /// The response to the View's request `id`: its result, or its error.
    case response(id: JSONValue, Result<JSONValue, ResponseError>)
    /// A line that is none of these: not JSON-RPC, a method the engine never sends, or params
    /// that do not read. `InvariantChecker` says what is wrong with one.
    case unreadable

    /// The message `line` is.
    package init(line: String) {
        guard let value = try? JSONParser.parse(Array(line.utf8)) else {
            self = .unreadable
            return
        }
        self.init(value)
    }

    /// The message `value`, one line parsed, is.
    package init(_ value: JSONValue) {
        self = Self.read(value) ?? .unreadable
    }

    private static func read(_ value: JSONValue) -> EngineMessage? {
        guard case .object(let members) = value else { return nil }
        guard case .string(let name)? = members["method"] else {
            guard let id = members["id"] else { return nil }
            switch (members["result"], members["error"]) {
            case (let result?, nil): return .response(id: id, .success(result))
            case (nil, let error?):
                guard let error: ResponseError = decoded(error) else { return nil }
                return .response(id: id, .failure(error))
            default: return nil
            }
        }
        let params = members["params"] ?? .null
        switch WireMethod(rawValue: name) {
        case .viewNavigate?: return decoded(params).map { .navigate($0) }
        case .viewRender?: return decoded(params).map { .render($0) }
        case .effectHTTP?:
            guard let id = members["id"] else { return nil }
            return decoded(params).map { .effect(id: id, $0) }
        case .cancelRequest?:
            return params["id"].map { .cancel(id: $0) }
        default: return nil
        }
    }

    private static func decoded<Value: Decodable>(_ value: JSONValue) -> Value? {
        try? JSONValueDecoder.decode(Value.self, from: value)
    }

    /// The id of the request the engine sends the View, when it is one (`effect.http`).
    package var engineRequestID: JSONValue? {
        guard case .effect(let id, _) = self else { return nil }
        return id
    }
}
