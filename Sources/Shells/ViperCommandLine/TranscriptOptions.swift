import ArgumentParser

/// The options a transcript may give its engine (`$ viper serve …`) when it runs in this
/// process: fault injection and the host's own; data is always in memory there.
struct TranscriptOptions<Host: ViperHost>: ParsableArguments {
    @Flag var enableFaultInjection = false

    @Option(name: .customLong("db")) var databasePath = ":memory:"

    @OptionGroup var options: Host.Options

    func validate() throws {
        guard databasePath == ":memory:" else {
            throw ValidationError("in process, a transcript's data is in memory: --db \(databasePath) needs --exec")
        }
    }
}
