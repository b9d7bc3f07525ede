import Foundation
import Logging
import MCP
import ViperJSON

/// A transport that answers, itself, what the SDK's server would answer wrongly: a line that is
/// not JSON, or not UTF-8, gets JSON-RPC's parse error with id null (the server answers with a
/// random id, or reads the bytes as if they were text); a batch (a JSON array), which MCP no
/// longer has since its 2025-06-18 revision, an invalid-request error; a message whose `method`
/// is not a string, an invalid-request error with its id (the server would read it as something
/// else); and a request whose `params` are not what its method takes, `invalidParams` (-32602)
/// naming what is wrong (the server answers -32603, an error of its own). Everything else passes
/// through untouched.
///
/// When the input ends, the messages already read are still answered: the end reaches the
/// server only once every request passed on has its response (the server stops at the end of
/// its input, and what it had not answered never was).
actor CheckedTransport: Transport {
    private let inner: any Transport
    /// Ids of the requests passed on and not answered yet, as JSON text.
    private var unanswered: Set<String> = []
    private var drained: [CheckedContinuation<Void, Never>] = []

    /// `inner`, checked.
    init(_ inner: any Transport) {
        self.inner = inner
    }

    nonisolated var logger: Logger { Logger(label: "viper.mcp", factory: { _ in SwiftLogNoOpLogHandler() }) }

    func connect() async throws {
        try await inner.connect()
    }

    func disconnect() async {
        await inner.disconnect()
    }

    func send(_ data: Data) async throws {
        try await inner.send(data)
        if let value = try? JSONParser.parse(Array(data)), case .object(let members) = value, members["method"] == nil, let id = members["id"] {
            answered(JSONWriter.string(id))
        }
    }

    private func passedOn(_ id: String) {
        unanswered.insert(id)
    }

    private func answered(_ id: String) {
        unanswered.remove(id)
        guard unanswered.isEmpty else { return }
        for waiter in drained { waiter.resume() }
        drained.removeAll()
    }

    /// Returns once every request passed on is answered, or after 60 s: a request the server
    /// never answers (one it refused to read) does not keep the process alive for good.
    private func allAnswered() async {
        guard !unanswered.isEmpty else { return }
        let timeout = Task { [weak self] in
            try await Task.sleep(for: .seconds(60))
            await self?.giveUpWaiting()
        }
        defer { timeout.cancel() }
        await withCheckedContinuation { drained.append($0) }
    }

    private func giveUpWaiting() {
        unanswered.removeAll()
        for waiter in drained { waiter.resume() }
        drained.removeAll()
    }

    func receive() -> AsyncThrowingStream<Data, any Error> {
        let received = inner
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    for try await data in await received.receive() {
                        if let refusal = Self.refusal(of: data) {
                            try? await received.send(Data(JSONWriter.string(refusal).utf8))
                        } else {
                            if let id = Self.requestID(in: data) { await self.passedOn(id) }
                            continuation.yield(data)
                        }
                    }
                    await self.allAnswered()
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// The error a message gets before the server sees it, or nil when the server may have it.
    static func refusal(of data: Data) -> JSONValue? {
        let bytes = Array(data)
        if let offset = firstInvalidUTF8(in: bytes) {
            return errorMessage(code: -32700, message: "Parse error: the line is not UTF-8 (byte \(offset)). Send UTF-8 text.", id: .null)
        }
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes)
        } catch {
            return errorMessage(code: -32700, message: "Parse error at byte \(error.offset): \(error.reason). Send one JSON-RPC message per line.", id: .null)
        }
        if case .array = value {
            return errorMessage(code: -32600, message: "Invalid request: batches (JSON arrays) are not part of MCP since its 2025-06-18 revision. Send each message on its own line.", id: .null)
        }
        guard case .object(let members) = value, let method = members["method"] else { return nil }
        let id: JSONValue = switch members["id"] {
        case .string?, .number?: members["id"]!
        default: .null
        }
        guard case .string(let name) = method else {
            return errorMessage(code: -32600, message: "Invalid request: method must be a string, not \(method.typeDescription).", id: id)
        }
        if let problem = paramsProblem(method: name, params: members["params"]) {
            return errorMessage(code: -32602, message: "Invalid params: \(problem).", id: id)
        }
        return nil
    }

    /// What is wrong with the `params` of a request for `method`, for the methods whose params
    /// the server reads; nil when nothing is.
    private static func paramsProblem(method: String, params: JSONValue?) -> String? {
        guard let params else { return ["tools/call", "resources/read"].contains(method) ? "\(method) needs params" : nil }
        guard case .object(let members) = params else { return "params must be an object, not \(params.typeDescription)" }
        switch method {
        case "tools/call":
            guard case .string? = members["name"] else { return "params.name must be a tool's name, a string" }
            if let arguments = members["arguments"], arguments != .null, !Self.isObject(arguments) {
                return "params.arguments must be an object, not \(arguments.typeDescription)"
            }
        case "resources/read":
            guard case .string? = members["uri"] else { return "params.uri must be a resource's URI, a string" }
        default:
            break
        }
        return nil
    }

    private static func isObject(_ value: JSONValue) -> Bool {
        if case .object = value { true } else { false }
    }

    /// The id of a request (a message with a method and an id), as JSON text.
    private static func requestID(in data: Data) -> String? {
        guard let value = try? JSONParser.parse(Array(data)), case .object(let members) = value, members["method"] != nil else { return nil }
        switch members["id"] {
        case .string(let id)?: return JSONWriter.string(.string(id))
        case .number(let id)?: return JSONWriter.string(.number(id))
        default: return nil
        }
    }

    /// The offset of the first byte that breaks UTF-8, or nil when there is none.
    private static func firstInvalidUTF8(in bytes: [UInt8]) -> Int? {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0
        var consumed = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                offset += UTF8.width(scalar)
                consumed = offset
            case .emptyInput:
                return nil
            case .error:
                return consumed
            }
        }
    }

    /// An error answer, as a line.
    static func errorLine(code: Int, message: String) -> String {
        JSONWriter.string(errorMessage(code: code, message: message, id: .null))
    }

    private static func errorMessage(code: Int, message: String, id: JSONValue) -> JSONValue {
        ["jsonrpc": "2.0", "id": id, "error": ["code": .number(Double(code)), "message": .string(message)]]
    }
}
