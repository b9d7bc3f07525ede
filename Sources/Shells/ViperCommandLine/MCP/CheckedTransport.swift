import Foundation
import Logging
import MCP
import ViperJSON

/// A transport that answers, itself, what the SDK's server would answer wrongly: a line that is
/// not JSON gets JSON-RPC's parse error with id null (the server answers with a random id), and
/// a message whose `method` is not a string gets an invalid-request error with its id (the
/// server would read it as something else). Everything else passes through untouched.
actor CheckedTransport: Transport {
    private let inner: any Transport

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
                            continuation.yield(data)
                        }
                    }
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
        let value: JSONValue
        do {
            value = try JSONParser.parse(Array(data))
        } catch {
            return errorMessage(code: -32700, message: "Parse error at byte \(error.offset): \(error.reason). Send one JSON-RPC message per line.", id: .null)
        }
        guard case .object(let members) = value, let method = members["method"] else { return nil }
        guard case .string = method else {
            let id: JSONValue = switch members["id"] {
            case .string?, .number?: members["id"]!
            default: .null
            }
            return errorMessage(code: -32600, message: "Invalid request: method must be a string, not \(method.typeDescription).", id: id)
        }
        return nil
    }

    private static func errorMessage(code: Int, message: String, id: JSONValue) -> JSONValue {
        ["jsonrpc": "2.0", "id": id, "error": ["code": .number(Double(code)), "message": .string(message)]]
    }
}
