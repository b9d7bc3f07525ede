import Foundation
import ViperApps

/// `viper serve --db :memory:` (VIPER_BINARY, else `viper` on the PATH) in a process of its
/// own, its pipes as the session's transport. An app on a phone would give a WebSocket instead.
final class EngineProcess: Transport, @unchecked Sendable {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let writing = NSLock()

    init() throws {
        let binary = ProcessInfo.processInfo.environment["VIPER_BINARY"] ?? "viper"
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["serve", "--db", ":memory:"]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
    }

    func send(_ line: String) {
        writing.lock()
        defer { writing.unlock() }
        input.fileHandleForWriting.write(Data((line + "\n").utf8))
    }

    func start(onLine: @escaping @Sendable (String) -> Void, onClose: @escaping @Sendable ((any Error)?) -> Void) {
        let reading = output.fileHandleForReading
        Thread {
            var pending = Data()
            while true {
                let chunk = reading.availableData
                if chunk.isEmpty { break }
                pending.append(chunk)
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    onLine(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
                    pending.removeSubrange(pending.startIndex...newline)
                }
            }
            onClose(nil)
        }.start()
    }

    /// Ends the engine's input and waits for it to exit.
    func close() -> Int32 {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
