import ViperCore

/// The engine an exploration drives: a new session for every walk and every replay.
package enum ExploreTarget: Sendable {
    /// In this process: `open` makes a new engine, with fresh data (an empty database and its
    /// own sample server), and the work that closes it.
    case inProcess(open: @Sendable () async throws -> (engine: Engine, close: @Sendable () async -> Void))
    /// In a new process each time, started by `/bin/sh -c` with this command, spoken to over
    /// its pipes (`bin/viper serve`, or any engine that speaks the protocol).
    case command(String)

    /// A new session, and what closes it and its engine.
    func connect() async throws(EngineFailure) -> (connection: any EngineConnection, close: @Sendable () async -> Void) {
        switch self {
        case .inProcess(let open):
            do {
                let (engine, close) = try await open()
                let connection = SessionConnection(engine: engine)
                return (connection, {
                    try? await connection.close()
                    await close()
                })
            } catch let failure as EngineFailure {
                throw failure
            } catch {
                throw EngineFailure(description: "could not make the engine: \(error)")
            }
        case .command(let command):
            let connection = try CommandConnection(command: command, options: [])
            return (connection, { try? await connection.close() })
        }
    }
}
