import Foundation
import Logging
import MCP
import ViperCore

#if canImport(Glibc)
import Glibc
#endif

/// MCP's stdio transport, one JSON-RPC message per line, on the engine's own line reader: a line
/// is found in time linear in its bytes, and one longer than the engine's limit (1 MiB) is
/// skipped without being kept, and answered with an error (the SDK's transport looked for the
/// end of a line in all it held at each read: 40 s of CPU for a line of 5 MB, with no bound).
actor StdioLineTransport: Transport {
    nonisolated var logger: Logger { Logger(label: "viper.mcp", factory: { _ in SwiftLogNoOpLogHandler() }) }

    private let messages: AsyncThrowingStream<Data, any Error>
    private let continuation: AsyncThrowingStream<Data, any Error>.Continuation
    private let output = FileDescriptorSink(fileDescriptor: STDOUT_FILENO)
    private var isReading = false

    init() {
        (messages, continuation) = AsyncThrowingStream.makeStream(of: Data.self)
    }

    func connect() async throws {
        guard !isReading else { return }
        isReading = true
        let continuation = continuation
        let output = output
        // A thread of its own: reading stdin blocks, and must not hold one of the few threads
        // every task shares.
        Thread.detachNewThread {
            var reader = LineReader(fileDescriptor: STDIN_FILENO, maxLineBytes: EngineInfo.maxLineBytes)
            while let line = reader.next() {
                switch line {
                case .complete(let bytes):
                    continuation.yield(Data(bytes))
                case .oversized(let length):
                    output.write(line: Array(CheckedTransport.errorLine(
                        code: -32600, message: "Invalid request: the line is \(length) bytes long; a message is at most \(EngineInfo.maxLineBytes) bytes.").utf8))
                    output.flush()
                }
            }
            continuation.finish()
        }
    }

    func disconnect() async {
        continuation.finish()
        output.flush()
    }

    func send(_ data: Data) async throws {
        output.write(line: Array(data))
        output.flush()
    }

    func receive() -> AsyncThrowingStream<Data, any Error> {
        messages
    }
}
