import Foundation

/// A `viper sample-server` process on 127.0.0.1 and a port the system picks, for the stories
/// of the apps that talk to servers: the engine under test reaches it with `--api-url`.
final class SampleServerProcess {
    private let process: ServeProcess
    /// `http://127.0.0.1:PORT`.
    let url: String

    /// Starts a server whose clock reads `now` at start.
    init(now: String = "2026-11-23T09:00:00Z", arguments: [String] = []) throws {
        process = try ServeProcess(arguments: ["sample-server", "--port", "0", "--now", now] + arguments)
        let banner = try process.readLine()
        guard let range = banner.range(of: #"http://127\.0\.0\.1:[0-9]+"#, options: .regularExpression) else {
            throw ServeProcess.Failure(description: "the sample server did not say where it listens: \(banner)")
        }
        url = String(banner[range])
    }

    /// Stops the server and returns everything it wrote.
    @discardableResult
    func stop() throws -> String {
        process.kill(SIGTERM)
        let exit = try process.waitForExit()
        return (exit.remainingLines + [exit.standardError]).joined(separator: "\n")
    }

    /// An address where nothing listens: a server that cannot be reached.
    static let unreachableURL = "http://127.0.0.1:9"
}
