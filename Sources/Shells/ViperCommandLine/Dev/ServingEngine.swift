import Foundation
import Synchronization

/// A build of the package's command serving WebSocket sessions and the page (`serve
/// --listen`), in a process of its own, for `dev --listen`: its stderr is passed on, and read
/// for the address it listens on.
final class ServingEngine: Sendable {
    /// The engine did not start, or did not say where it listens.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let process: Process
    /// `127.0.0.1:8080`, once the engine said it.
    private let address = Mutex<String?>(nil)

    /// Starts `binary` with `arguments`; what it writes on stderr is written on this process's.
    init(binary: String, arguments: [String]) throws(Failure) {
        let process = Process()
        let errors = Pipe()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw Failure(description: "could not start \(binary): \(error)")
        }
        self.process = process
        // The thread ends when the engine's stderr does, at its exit.
        Thread.detachNewThread { [self] in
            var pending = Data()
            while true {
                let chunk = errors.fileHandleForReading.availableData
                guard !chunk.isEmpty else { return }
                FileHandle.standardError.write(chunk)
                pending.append(chunk)
                let text = String(decoding: pending, as: UTF8.self)
                if let found = text.firstMatch(of: /ws:\/\/([^\/\s]+)\/session/) {
                    self.address.withLock { $0 = $0 ?? String(found.1) }
                    pending.removeAll()
                }
            }
        }
    }

    /// Where the engine listens, as `--listen` takes it, once it said so; fails when it exits
    /// first or takes longer than `timeout`.
    func listeningAddress(timeout: Duration = .seconds(60)) async throws(Failure) -> String {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let address = address.withLock({ $0 }) { return address }
            guard process.isRunning else { throw Failure(description: "the engine exited with status \(process.terminationStatus) before it listened") }
            try? await Task.sleep(for: .milliseconds(20))
        }
        throw Failure(description: "the engine did not say where it listens within \(timeout)")
    }

    /// Stops the engine as `serve` stops at Ctrl-C: the running requests are answered and
    /// every session is closed with 1001, which a page takes as a cue to reconnect and resume.
    /// Killed if it has not exited after 10 s.
    func stop() async {
        guard process.isRunning else { return }
        process.terminate()
        let deadline = ContinuousClock.now + .seconds(10)
        while process.isRunning, ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(20)) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}
