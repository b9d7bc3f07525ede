import Testing

extension ServeProcess {
    /// Starts `viper serve --listen 0` with `arguments`, and returns it with the port it printed.
    /// With `openFiles`, the process may open no more files than that (`ulimit -n`, soft and
    /// hard), as on a machine whose descriptors run out.
    static func listening(_ arguments: [String], openFiles: Int? = nil) throws -> (ServeProcess, UInt16) {
        let serve = ["serve", "--listen", "0"] + arguments
        let process = if let openFiles {
            // The shell becomes viper (exec), so the process id is viper's.
            try ServeProcess(arguments: ["-c", #"ulimit -n \#(openFiles) && exec "$0" "$@""#, ViperBinary.path] + serve, executable: "/bin/sh")
        } else {
            try ServeProcess(arguments: serve)
        }
        let said = try process.waitForStandardError(containing: "/session")
        let port = try #require(said.firstMatch(of: /ws:\/\/127\.0\.0\.1:(\d+)\/session/).flatMap { UInt16($0.1) })
        #expect(said.contains("open http://127.0.0.1:\(port)/"))
        return (process, port)
    }

    /// Starts `viper serve --listen 127.0.0.1:PORT` with `arguments`: a process restarted where
    /// a proxy expects it.
    static func listening(on port: UInt16, _ arguments: [String]) throws -> ServeProcess {
        let process = try ServeProcess(arguments: ["serve", "--listen", "127.0.0.1:\(port)"] + arguments)
        _ = try process.waitForStandardError(containing: "/session")
        return process
    }
}
