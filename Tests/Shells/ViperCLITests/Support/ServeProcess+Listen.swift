import Testing

extension ServeProcess {
    /// Starts `viper serve --listen 0` with `arguments`, and returns it with the port it printed.
    static func listening(_ arguments: [String]) throws -> (ServeProcess, UInt16) {
        let process = try ServeProcess(serving: ["--listen", "0"] + arguments)
        let said = try process.waitForStandardError(containing: "/session")
        let port = try #require(said.firstMatch(of: /ws:\/\/127\.0\.0\.1:(\d+)\/session/).flatMap { UInt16($0.1) })
        #expect(said.contains("open http://127.0.0.1:\(port)/"))
        return (process, port)
    }
}
