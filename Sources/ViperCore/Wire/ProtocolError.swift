import ViperJSON

/// A JSON-RPC error the engine answers with.
///
/// Every error carries a stable `data.kind` string that clients can switch on; `message` is for
/// people and says what was wrong and what to send instead. protocol.md lists every kind.
struct ProtocolError: Error, Sendable, Equatable {
    private let code: Code
    /// The stable machine-readable name of the error, sent as `data.kind`.
    let kind: Kind
    /// The human-readable explanation, sent as `message`.
    let message: String
    /// Further members of `data` beside `kind`.
    let details: [String: JSONValue]

    private enum Code: Int {
        case parseError = -32700
        case invalidRequest = -32600
        case methodNotFound = -32601
        case invalidParams = -32602
        case internalError = -32603
        case notInitialized = -32002
        case cannotResume = -32010
        case cancelled = -32800
    }

    /// Every `data.kind` the engine sends; protocol.md's table lists them.
    enum Kind: String, CaseIterable, Sendable {
        case parseError, emptyLine, invalidUTF8
        case lineTooLong, batchNotSupported, invalidRequest, alreadyInitialized, shutDown, unknownReply
        case methodNotFound
        case invalidParams, invalidReply, unsupportedProtocolVersion, unknownApp, unknownScene, unknownEvent, unknownOperation
        case notTopScene, cannotGoBack
        case internalError, outputTooLarge, notInitialized, cancelled
        case cannotResume
    }

    /// Every kind, as the wire spells them.
    static var kinds: [String] { Kind.allCases.map(\.rawValue) }

    private init(_ code: Code, kind: Kind, message: String, details: [String: JSONValue] = [:]) {
        self.code = code
        self.kind = kind
        self.message = message
        self.details = details
    }

    /// The `error` member of a response.
    var json: JSONValue {
        var data = details
        data["kind"] = .string(kind.rawValue)
        return .object(["code": .number(Double(code.rawValue)), "message": .string(message), "data": .object(data)])
    }
}

// MARK: - Lines that are not JSON-RPC requests

extension ProtocolError {
    static func parseError(_ failure: JSONParser.Failure) -> ProtocolError {
        ProtocolError(
            .parseError, kind: .parseError,
            message: "Parse error at byte \(failure.offset): \(failure.reason). Send one JSON object per line.",
            details: ["offset": .number(Double(failure.offset))])
    }

    static func emptyLine() -> ProtocolError {
        ProtocolError(
            .parseError, kind: .emptyLine,
            message: "Parse error: the line is empty. Send one JSON-RPC request object per line.")
    }

    static func invalidUTF8(offset: Int) -> ProtocolError {
        ProtocolError(
            .parseError, kind: .invalidUTF8,
            message: "Parse error: the line is not valid UTF-8 (bad byte at offset \(offset)). Encode requests as UTF-8.",
            details: ["offset": .number(Double(offset))])
    }

    static func lineTooLong(length: Int, limit: Int) -> ProtocolError {
        ProtocolError(
            .invalidRequest, kind: .lineTooLong,
            message: "Invalid request: the line has \(length) bytes, more than the limit of \(limit). It was skipped.",
            details: ["length": .number(Double(length)), "limit": .number(Double(limit))])
    }

    static func batchNotSupported() -> ProtocolError {
        ProtocolError(
            .invalidRequest, kind: .batchNotSupported,
            message: "Invalid request: batches (JSON arrays) are not supported. Send each request on its own line.")
    }

    static func invalidRequest(_ reason: String) -> ProtocolError {
        ProtocolError(.invalidRequest, kind: .invalidRequest, message: "Invalid request: \(reason).")
    }
}

// MARK: - Requests the engine cannot serve

extension ProtocolError {
    static func methodNotFound(_ method: String, known: [String]) -> ProtocolError {
        ProtocolError(
            .methodNotFound, kind: .methodNotFound,
            message: "Method not found: '\(method)'. Known methods: \(known.joined(separator: ", ")).",
            details: ["method": .string(method)])
    }

    static func notInitialized(_ method: String) -> ProtocolError {
        ProtocolError(
            .notInitialized, kind: .notInitialized,
            message: "Not initialized: send 'initialize' before '\(method)'.")
    }

    static func alreadyInitialized() -> ProtocolError {
        ProtocolError(
            .invalidRequest, kind: .alreadyInitialized,
            message: "Invalid request: the session is already initialized. Send 'initialize' once per session.")
    }

    static func shutDown(_ method: String) -> ProtocolError {
        ProtocolError(
            .invalidRequest, kind: .shutDown,
            message: "Invalid request: the engine is shutting down and accepts nothing after 'shutdown' ('\(method)' was sent). Close its input.")
    }

    /// A wrong, missing or mistyped parameter; `path` names it from the request's root (`params.now`).
    static func invalidParams(path: String, _ reason: String) -> ProtocolError {
        ProtocolError(
            .invalidParams, kind: .invalidParams,
            message: "Invalid params: \(path) \(reason).",
            details: ["path": .string(path)])
    }

    static func unsupportedProtocolVersion(_ version: String, supported: [String]) -> ProtocolError {
        let list = supported.joined(separator: " or ")
        return ProtocolError(
            .invalidParams, kind: .unsupportedProtocolVersion,
            message: "Invalid params: this engine speaks protocol version \(list), not '\(version)'. Send one of them, or leave protocolVersion out for the newest.",
            details: ["path": "params.protocolVersion", "supported": .array(supported.map { .string($0) })])
    }

    static func unknownApp(_ app: String, known: [String]) -> ProtocolError {
        ProtocolError(
            .invalidParams, kind: .unknownApp,
            message: "Invalid params: no app is named '\(app)'. Apps: \(known.joined(separator: ", ")).",
            details: ["app": .string(app)])
    }

    static func unknownScene(_ scene: String, live: [String]) -> ProtocolError {
        let listing = live.isEmpty ? "No scene is live; start an app with 'app.start'." : "Live scenes: \(live.joined(separator: ", "))."
        return ProtocolError(
            .invalidParams, kind: .unknownScene,
            message: "Invalid params: no live scene is '\(scene)'. \(listing)",
            details: ["scene": .string(scene)])
    }

    static func unknownEvent(_ event: String, scene: String, known: [String]) -> ProtocolError {
        ProtocolError(
            .invalidParams, kind: .unknownEvent,
            message: "Invalid params: scene \(scene) has no event '\(event)'. Its events: \(known.joined(separator: ", ")).",
            details: ["event": .string(event), "scene": .string(scene)])
    }

    static func unknownOperation(_ operation: String, known: [String]) -> ProtocolError {
        ProtocolError(
            .invalidParams, kind: .unknownOperation,
            message: "Invalid params: no operation '\(operation)' can fail on purpose. Operations: \(known.joined(separator: ", ")).",
            details: ["operation": .string(operation)])
    }

    static func notTopScene(_ scene: String, top: String) -> ProtocolError {
        ProtocolError(
            .invalidParams, kind: .notTopScene,
            message: "Invalid params: \(scene) is covered by \(top); only the top scene can go back. Send view.back for \(top).",
            details: ["scene": .string(scene)])
    }

    static func cannotGoBack(_ scene: String) -> ProtocolError {
        ProtocolError(
            .invalidParams, kind: .cannotGoBack,
            message: "Invalid params: \(scene) is the root of the stack; there is nothing to go back to.",
            details: ["scene": .string(scene)])
    }

    static func cancelled(_ method: String) -> ProtocolError {
        ProtocolError(
            .cancelled, kind: .cancelled,
            message: "Cancelled: the '\(method)' request was cancelled before it finished; what it had shown stays.")
    }

    /// A reply whose id names no request the engine is waiting on.
    static func unknownReply(_ id: String) -> ProtocolError {
        ProtocolError(
            .invalidRequest, kind: .unknownReply,
            message: "Invalid request: the engine is waiting for no reply with id \(id). Reply only to the engine's own requests (ids \"viper:N\"), once each.")
    }

    /// A reply to an effect whose result does not have the effect's shape.
    static func invalidReply(path: String, _ reason: String) -> ProtocolError {
        ProtocolError(
            .invalidParams, kind: .invalidReply,
            message: "Invalid reply: \(path) \(reason). The request waits on; send a reply it can read.",
            details: ["path": .string(path)])
    }

    static func internalError(_ reason: String) -> ProtocolError {
        ProtocolError(.internalError, kind: .internalError, message: "Internal error: \(reason).")
    }

    /// A response, or a render the request caused (`scene`), would have been a line longer
    /// than the engine writes.
    static func outputTooLarge(length: Int, limit: Int, scene: String? = nil) -> ProtocolError {
        let what = scene.map { "the render of \($0)" } ?? "the response"
        var details: [String: JSONValue] = ["length": .number(Double(length)), "limit": .number(Double(limit))]
        if let scene { details["scene"] = .string(scene) }
        return ProtocolError(
            .internalError, kind: .outputTooLarge,
            message: "Internal error: \(what) would be a line of \(length) bytes, more than the limit of \(limit); it was not written. Show less at once (shorter texts, fewer items).",
            details: details)
    }
}

// MARK: - Decoding failures

extension ProtocolError {
    /// Turns a `DecodingError` into -32602 naming the field's path, relative to the request;
    /// `transform` maps the decoder's path onto the wire's when they differ.
    static func invalidParams(
        _ error: DecodingError, path transform: ([any CodingKey]) -> [any CodingKey] = { $0 }
    ) -> ProtocolError {
        func spell(_ path: [any CodingKey]) -> String { WirePath.describe(transform(path)) }
        switch error {
        case .keyNotFound(let key, let context):
            return invalidParams(path: spell(context.codingPath + [key]), "is missing")
        case .valueNotFound(_, let context), .typeMismatch(_, let context), .dataCorrupted(let context):
            return invalidParams(path: spell(context.codingPath), sentence(context.debugDescription))
        @unknown default:
            return internalError("could not decode the params: \(error)")
        }
    }

    /// The engine's decoder and the contracts' own types explain a bad value in words that
    /// follow the path ("must be a string, not a number"). Swift's synthesized decoders do not
    /// ("Cannot initialize Unit from invalid String value kelvin"), and no Swift type name or
    /// internal phrase reaches a client: those become a plain sentence.
    private static func sentence(_ reason: String) -> String {
        reason.hasPrefix("must ") || reason.hasPrefix("is ") ? reason : "is not a value this field accepts"
    }
}

// MARK: - Refusals

extension ProtocolError {
    /// Whether the engine refused the request before any module acted on it (bad params, an
    /// unknown scene, a method it does not know): such a request changed nothing.
    var refusesBeforeActing: Bool {
        switch kind {
        case .invalidRequest, .alreadyInitialized, .shutDown, .methodNotFound, .invalidParams, .unsupportedProtocolVersion,
            .unknownApp, .unknownScene, .unknownEvent, .unknownOperation, .notTopScene, .cannotGoBack, .notInitialized:
            true
        default:
            false
        }
    }
}

// MARK: - Resuming

extension ProtocolError {
    /// Why `initialize {"resume": KEY}` started a fresh session instead (`resume.error`).
    enum ResumeRefusal: String, Sendable {
        case unknown, expired, workspace, unavailable, tooLong
    }

    static func cannotResume(_ reason: ResumeRefusal, _ explanation: String) -> ProtocolError {
        ProtocolError(
            .cannotResume, kind: .cannotResume,
            message: "Cannot resume: \(explanation). This is a fresh session: start the app again (app.start).",
            details: ["reason": .string(reason.rawValue)])
    }
}
