import Foundation
import Logging
@testable import ViperWeb

// The WebSocket stack of `viper serve --listen` (its RFC 6455 checks, limits, backpressure and
// closing) with an echo in place of the engine, for Autobahn's fuzzing client (Tests/Autobahn).
// Messages may be as long as Autobahn's longest (16 MiB) instead of a protocol line's 1 MiB,
// and as much may wait unsent; every other limit is `viper serve --listen`'s.
//
// Usage: AutobahnEchoServer [PORT]; prints the URL of its sessions, then serves until killed.

let port = CommandLine.arguments.dropFirst().first ?? "0"
let limits = WebServerLimits(maxMessageBytes: 16 << 20, maxUnsentBytes: 64 << 20)
let server = try await WebServer.start(
    service: EchoService(),
    configuration: WebServerConfiguration(address: try ListenAddress(port), token: nil, allowedOrigins: [], limits: limits),
    logger: Logger(label: "autobahn-echo"))
FileHandle.standardOutput.write(Data((server.sessionURL.absoluteString + "\n").utf8))
while true { try await Task.sleep(for: .seconds(3600)) }
