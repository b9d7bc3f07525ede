import ViperJSON

/// One line from the View, read as JSON-RPC 2.0: a request (or notification), or the reply to a
/// request the engine sent.
enum IncomingMessage: Sendable {
    case request(IncomingRequest)
    case reply(IncomingReply)
}

/// A request or notification from the View.
///
/// A class, not a struct: a request is handed from the reader to the queue, to the request
/// running and to its method, and each copy of a struct of its strings, params and event
/// copied and retained each of them: 5,000 of the 71,000 instructions of a pipelined
/// keystroke (callgrind, BENCHMARKS.md).
final class IncomingRequest: Sendable {
    /// The request's id; nil for a notification, which gets no response.
    let id: RequestID?
    let method: String
    /// The params member, an object or an array, or nil when the request has none.
    var params: JSONValue? { parsedParams ?? viewEvent?.params }
    /// The params as the whole parse read them; nil for a plain `view.event`, read without
    /// building them (`readPlainViewEvent(_:readingEvent:)`), whose params are its
    /// `viewEvent`'s.
    private let parsedParams: JSONValue?
    /// A `view.event`, read from the params once as the line was read, with its typed event
    /// when the scene's contract decodes it (`Session.accept(lines:)`); it travels through the
    /// queue to the module. Nil for other methods, and for params the direct reading refuses:
    /// those are decoded in the request's turn, which says what is wrong.
    let viewEvent: ViewEventRequest?

    init(id: RequestID?, method: String, params: JSONValue?, viewEvent: ViewEventRequest? = nil) {
        self.id = id
        self.method = method
        self.parsedParams = params
        self.viewEvent = viewEvent
    }

    /// A line that is not a request, and the id its error goes to.
    struct Rejection: Error {
        let id: RequestID
        let error: ProtocolError
    }

    /// Reads one line (without its newline) the way JSON-RPC 2.0 asks: lines that are neither
    /// requests nor replies are rejected with an error addressed to their id, or to null if it
    /// cannot be read. A `view.event` whose params read directly is handed to `readingEvent`
    /// (which types it) before the request is made, and travels with it as its `viewEvent`.
    static func read(
        _ line: UnsafeBufferPointer<UInt8>, readingEvent: (inout ViewEventRequest) -> Void = { _ in }
    ) throws(Rejection) -> IncomingMessage {
        if line.allSatisfy(isWhitespace) { throw Rejection(id: .null, error: .emptyLine()) }
        if let offset = firstInvalidUTF8Offset(line) {
            throw Rejection(id: .null, error: .invalidUTF8(offset: offset))
        }
        if let request = readPlainViewEvent(line, readingEvent: readingEvent) { return .request(request) }
        let message = try readParsing(line)
        guard case .request(let request) = message, request.method == ViewEventRequest.method,
            var event = ViewEventRequest.readDirectly(params: request.params)
        else { return message }
        readingEvent(&event)
        return .request(IncomingRequest(id: request.id, method: request.method, params: request.params, viewEvent: event))
    }

    /// Reads a line by parsing it whole, which says what is wrong with one that is not a
    /// request or a reply.
    static func readParsing(_ line: UnsafeBufferPointer<UInt8>) throws(Rejection) -> IncomingMessage {
        let value: JSONValue
        let idText: String?
        do {
            (value, idText) = try JSONParser.parse(line, keepingNumberTextOf: "id")
        } catch {
            throw Rejection(id: .null, error: .parseError(error))
        }
        guard case .object(let members) = value else {
            if case .array = value { throw Rejection(id: .null, error: .batchNotSupported()) }
            throw Rejection(id: .null, error: .invalidRequest("a request is a JSON object, this line holds \(value.typeDescription)"))
        }
        // One pass over the members rather than a look-up of each name, which hashes the name:
        // with `ViewEventRequest.readDirectly` doing the same, 1,000 fewer instructions a
        // keystroke (BENCHMARKS.md).
        var rawID, jsonrpc, rawMethod, params, result, error: JSONValue?
        for (name, value) in members {
            switch name {
            case "id": rawID = value
            case "jsonrpc": jsonrpc = value
            case "method": rawMethod = value
            case "params": params = value
            case "result": result = value
            case "error": error = value
            default: break
            }
        }
        var id: RequestID?
        if let rawID {
            guard let readable = RequestID(rawID, numberText: idText) else {
                throw Rejection(id: .null, error: .invalidRequest("'id' must be a string, a number or null, not \(rawID.typeDescription)"))
            }
            id = readable
        }
        func reject(_ reason: String) -> Rejection {
            Rejection(id: id ?? .null, error: .invalidRequest(reason))
        }
        guard jsonrpc == .string("2.0") else {
            throw reject("'jsonrpc' must be \"2.0\"")
        }
        guard let rawMethod else {
            // No method, but a result or an error: the reply to one of the engine's requests.
            if let id, let result { return .reply(IncomingReply(id: id, outcome: .result(result))) }
            if let id, let error { return .reply(IncomingReply(id: id, outcome: .error(error))) }
            throw reject("'method' is missing")
        }
        guard case .string(let method) = rawMethod else {
            throw reject("'method' must be a string, not \(rawMethod.typeDescription)")
        }
        switch params {
        case nil, .object?, .array?: break
        case let other?: throw reject("'params' must be an object, not \(other.typeDescription)")
        }
        return .request(IncomingRequest(id: id, method: method, params: params))
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }

    /// The offset of the first byte that breaks UTF-8, or nil when the line is valid.
    /// Whether every byte is below 0x80, eight bytes at a time: a byte at a time, this check was
    /// 5 instructions a byte, 750 for a keystroke's line (BENCHMARKS.md).
    private static func isASCII(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        let raw = UnsafeRawBufferPointer(line)
        let highBits: UInt64 = 0x8080_8080_8080_8080
        var offset = 0
        var seen: UInt64 = 0
        while offset + 8 <= raw.count {
            seen |= raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            offset += 8
        }
        while offset < raw.count {
            seen |= UInt64(raw[offset])
            offset += 1
        }
        return seen & highBits == 0
    }

    private static func firstInvalidUTF8Offset(_ line: UnsafeBufferPointer<UInt8>) -> Int? {
        // Most lines are ASCII; checking that is far cheaper than decoding.
        if isASCII(line) || String(validating: line, as: UTF8.self) != nil { return nil }
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = line.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .error: return offset
            case .emptyInput: return nil
            }
        }
    }
}
