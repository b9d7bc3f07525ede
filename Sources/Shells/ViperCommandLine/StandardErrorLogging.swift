import Logging

/// Where the commands that speak a protocol on stdout log: stderr, at the level `--log-level`
/// chose, so that nothing but the protocol reaches stdout.
enum StandardErrorLogging {
    static func bootstrap(level: Logger.Level) {
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
    }
}
