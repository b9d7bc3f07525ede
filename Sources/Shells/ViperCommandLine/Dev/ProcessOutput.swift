import Foundation

/// A program `dev` runs to its end (SwiftPM, the new engine's `test`): its exit status and
/// what it wrote, stdout and stderr together.
enum ProcessOutput {
    /// Runs `executable` with `arguments` in `folder` (this process's own when nil), with
    /// `environment` added to this process's; stops it when the task is cancelled (`dev` ends
    /// while it runs).
    static func run(
        _ executable: String, _ arguments: [String], in folder: URL? = nil, environment: [String: String] = [:]
    ) async -> (status: Int32, output: String) {
        let process = Process()
        let pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                // Reading until the end blocks: on a thread of its own, not on the shared pool.
                Thread.detachNewThread {
                    do {
                        try process.run()
                    } catch {
                        continuation.resume(returning: (127, "could not run \(executable): \(error)"))
                        return
                    }
                    let data = pipe.fileHandleForReading.readDataToEndOfFile()
                    process.waitUntilExit()
                    continuation.resume(returning: (process.terminationStatus, String(decoding: data, as: UTF8.self)))
                }
            }
        } onCancel: {
            if process.isRunning { process.terminate() }
        }
    }
}
