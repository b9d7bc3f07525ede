import Foundation
import MCP
import SystemPackage

/// An MCP client, the official SDK's, speaking to `viper mcp` over the pipes of a process of the
/// built binary, as an agent's host would.
final class MCPAgent {
    let client = Client(name: "viper-tests", version: "1.0")
    private let process = Process()
    private let toServer = Pipe()
    private let fromServer = Pipe()
    /// Where the session is recorded.
    let recording: String

    /// Starts `viper mcp` with its clock at `now`, recording to a new file in `folder`.
    init(now: String = "2026-11-23T09:00:00Z", in folder: String, arguments: [String] = []) async throws {
        recording = folder + "/agent.transcript"
        process.executableURL = URL(fileURLWithPath: ViperBinary.path)
        process.arguments = ["mcp", "--now", now, "--time-zone", "UTC", "--record", recording] + arguments
        process.standardInput = toServer
        process.standardOutput = fromServer
        process.standardError = FileHandle.nullDevice
        try process.run()
        let transport = StdioTransport(
            input: FileDescriptor(rawValue: fromServer.fileHandleForReading.fileDescriptor),
            output: FileDescriptor(rawValue: toServer.fileHandleForWriting.fileDescriptor))
        try await client.connect(transport: transport)
    }

    /// Calls the tool `name` and returns its whole result, structured content included.
    func call(_ name: String, _ arguments: [String: Value] = [:]) async throws -> CallTool.Result {
        try await client.send(CallTool.request(.init(name: name, arguments: arguments))).value
    }

    /// Leaves as a client does, closing the server's input, and waits for `viper mcp` to write
    /// its recording and exit; returns its exit status.
    func finish() async throws -> Int32 {
        await client.disconnect()
        try? toServer.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning && Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        return process.terminationStatus
    }
}

extension CallTool.Result {
    /// The text of the result's content.
    var text: String {
        content.compactMap { if case .text(let text, _, _) = $0 { text } else { nil } }.joined(separator: "\n")
    }

    /// The view model the scene `scene` rendered last in this step.
    func lastRender(of scene: String) -> Value? {
        structuredContent?.objectValue?["renders"]?.arrayValue?.last { $0.objectValue?["scene"]?.stringValue == scene }?.objectValue?["viewModel"]
    }

    /// The scenes on the stack after the step, bottom first.
    var stack: [String] {
        structuredContent?.objectValue?["stack"]?.arrayValue?.compactMap { $0.objectValue?["scene"]?.stringValue } ?? []
    }
}
