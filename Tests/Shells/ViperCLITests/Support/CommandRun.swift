import Foundation

/// A command run to its end in a folder, with what it wrote.
struct CommandRun {
    let status: Int32
    let output: String
    let errors: String

    /// Runs `executable` with `arguments` in `folder`, `input` on its standard input (none when
    /// nil); its output is read to the end.
    init(_ executable: String, _ arguments: [String], in folder: String, environment: [String: String]? = nil, input: String? = nil) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        if let environment { process.environment = environment }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let inputPipe = input.map { _ in Pipe() }
        process.standardInput = inputPipe ?? FileHandle.nullDevice
        try process.run()
        if let inputPipe, let input {
            // Written before the output is read: the REPL's scripts are far smaller than a pipe's buffer.
            try inputPipe.fileHandleForWriting.write(contentsOf: Data(input.utf8))
            try inputPipe.fileHandleForWriting.close()
        }
        // Both pipes are drained at once, so that neither fills while the other is read.
        nonisolated(unsafe) var errorData = Data()
        let drained = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            errorData = errors.fileHandleForReading.readDataToEndOfFile()
            drained.signal()
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        drained.wait()
        process.waitUntilExit()
        status = process.terminationStatus
        self.output = String(decoding: outputData, as: UTF8.self)
        self.errors = String(decoding: errorData, as: UTF8.self)
    }

    /// `viper` with `arguments`, in `folder`.
    static func viper(_ arguments: [String], in folder: String) throws -> CommandRun {
        try CommandRun(ViperBinary.path, arguments, in: folder)
    }
}
