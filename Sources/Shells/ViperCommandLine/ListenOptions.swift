import ArgumentParser
import Foundation
import ViperWeb

/// `viper serve --listen` and what goes with it: WebSocket sessions and the browser page
/// instead of one session over stdio.
struct ListenOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Serve WebSocket sessions and the browser page at HOST:PORT instead of one session over stdin and stdout. A port alone means 127.0.0.1; port 0 lets the system pick one.",
        valueName: "host:port"))
    var listen: String?

    @Option(help: ArgumentHelp(
        "A file holding the token every connection presents (Authorization: Bearer TOKEN, or ?token=TOKEN in the URL). Needed to listen on an address other than loopback.",
        valueName: "path"))
    var tokenFile: String?

    @Option(help: ArgumentHelp(
        "A browser origin besides the server's own page that may open sessions, such as http://localhost:5173; repeat for more.",
        valueName: "origin"))
    var allowOrigin: [String] = []

    @Option(help: "The most sessions served at once; one more connection is closed with code 1013 and the reason.")
    var maxSessions = WebServerLimits().maxSessions

    @Option(help: ArgumentHelp(
        "How long a WebSocket session may take to send initialize after its upgrade; then it is closed with code 4002, so that connections that say nothing cannot hold every session's place: 10s, 1m.",
        valueName: "duration"))
    var initializeTimeout = DurationArgument(seconds: 10, text: "10s")

    /// `dev --listen`'s own: the file where it says how its last build went, which the page
    /// shows as a banner (a build that failed, with the compiler's errors). Left out of the
    /// help: `dev` passes it to the engine it runs.
    @Option(help: ArgumentHelp("The file where dev says how its last build went, shown by the page.", visibility: .private))
    var devStatusFile: String?

    func validate() throws {
        guard let listen else {
            if tokenFile != nil || !allowOrigin.isEmpty {
                throw ValidationError("--token-file and --allow-origin go with --listen HOST:PORT")
            }
            return
        }
        let address = try ListenAddress(listen)
        if !address.isLoopback && tokenFile == nil {
            throw ValidationError(
                "--listen \(listen) lets other machines in; anyone who reaches it could use and change the apps' data. Pass --token-file PATH with a secret they must present, or listen on 127.0.0.1.")
        }
        guard maxSessions >= 1 else { throw ValidationError("--max-sessions must be at least 1, not \(maxSessions)") }
        guard initializeTimeout.seconds <= 3600 else { throw ValidationError("--initialize-timeout is at most 1h: a session that says nothing for longer holds a place for nothing") }
        for origin in allowOrigin where URL(string: origin)?.scheme == nil || origin.hasSuffix("/") {
            throw ValidationError("--allow-origin takes an origin such as http://localhost:5173 (scheme, host, port; no path), not '\(origin)'")
        }
    }

    /// The server's configuration, reading the token file.
    func configuration() throws -> WebServerConfiguration? {
        guard let listen else { return nil }
        return WebServerConfiguration(
            address: try ListenAddress(listen), token: try tokenFile.map(Self.readToken),
            allowedOrigins: Set(allowOrigin), limits: WebServerLimits(maxSessions: maxSessions, initializeTimeout: initializeTimeout.duration),
            devStatusFile: devStatusFile)
    }

    /// The token in `path`: its first line, without surrounding spaces.
    private static func readToken(at path: String) throws -> String {
        let contents: String
        do {
            contents = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw ValidationError("cannot read the token file \(path): \(error.localizedDescription)")
        }
        let token = contents.split(whereSeparator: \.isNewline).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        // A short token can be guessed by trying; 16 characters of a random one cannot.
        guard token.count >= 16 else {
            throw ValidationError(
                "the token in \(path) is \(token.count) characters long; use at least 16, such as the output of: openssl rand -hex 16")
        }
        return token
    }
}
