import FlyingFox
import FlyingSocks

/// A FlyingFox server running in a task of its own, once it listens: the steps every server
/// of viper takes to start (the sample server, `serve --listen`, the tests' loopback servers).
package struct RunningHTTPServer: Sendable {
    package let server: HTTPServer
    /// Runs the server; cancelling it stops the server.
    package let task: Task<Void, any Error>
    /// The port the server bound, which the system picked when asked for port 0.
    package let port: UInt16

    /// Why a server did not start.
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    /// Runs `server` and returns once it listens; throws the server's own failure (a port that
    /// is taken) rather than the wait's when it stops before listening.
    package static func start(_ server: HTTPServer, timeout: Double = 10) async throws -> RunningHTTPServer {
        let task = Task { try await server.run() }
        do {
            try await server.waitUntilListening(timeout: timeout)
        } catch {
            task.cancel()
            let reason = if case .failure(let failure) = await task.result { failure } else { error }
            throw Failure(description: "\(reason)")
        }
        switch await server.listeningAddress {
        case .ip4(_, let port)?, .ip6(_, let port)?:
            NagleSwitch.turnOff(onListenerAt: port)
            return RunningHTTPServer(server: server, task: task, port: port)
        default:
            task.cancel()
            throw Failure(description: "the server listens on no IP port")
        }
    }
}
