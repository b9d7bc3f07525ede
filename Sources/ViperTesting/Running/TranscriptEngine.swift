public import ViperCore

/// Where transcripts run.
public enum TranscriptEngine: Sendable {
    /// In this process: each transcript gets a session of a new engine that `makeEngine`
    /// builds from the transcript's own options (`$ viper serve …`), throwing to refuse one it
    /// cannot honour in process. The engine should give every session its own fresh data (an
    /// in-memory database), so transcripts never meet.
    case inProcess(makeEngine: @Sendable (_ options: [String]) throws -> Engine)
    /// In a new process per transcript, started by `/bin/sh -c` with this command and the
    /// transcript's own options appended (`bin/viper serve --db :memory:`).
    case command(String)

    /// In this process, an engine per transcript hosting the apps `makeApps` registers (each
    /// app making its data fresh for every session), with fault injection when the transcript
    /// asks for it, and logs that go nowhere: what goes wrong shows as a failing step.
    public static func inProcess(apps makeApps: @escaping @Sendable () -> [AppFactory]) -> TranscriptEngine {
        .inProcess { options in
            let unsupported = options.filter { !["--enable-fault-injection", "--db", ":memory:"].contains($0) }
            guard unsupported.isEmpty else {
                throw EngineFailure(description: "in process, transcripts may ask only for --enable-fault-injection (and --db :memory:), not \(unsupported.joined(separator: " ")); run them with --exec")
            }
            return Engine(EngineConfiguration(
                apps: makeApps(), allowsFaultInjection: options.contains("--enable-fault-injection"), logger: .discarding))
        }
    }

    func connect(for transcript: Transcript) throws(EngineFailure) -> any EngineConnection {
        switch self {
        case .inProcess(let makeEngine):
            do {
                return SessionConnection(engine: try makeEngine(transcript.engineOptions))
            } catch let failure as EngineFailure {
                throw failure
            } catch {
                throw EngineFailure(description: "\(error)")
            }
        case .command(let command):
            return try CommandConnection(command: command, options: transcript.engineOptions)
        }
    }
}
