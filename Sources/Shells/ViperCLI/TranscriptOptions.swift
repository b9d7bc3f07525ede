import ArgumentParser

/// The options a transcript may give its engine (`$ viper serve …`) when it runs in this
/// process: fault injection and the servers; data is always in memory there.
struct TranscriptOptions: ParsableArguments {
    @Flag var enableFaultInjection = false

    @Option(name: .customLong("db")) var databasePath = ":memory:"

    @OptionGroup var services: ServiceOptions

    func validate() throws {
        guard databasePath == ":memory:" else {
            throw ValidationError("in process, a transcript's data is in memory: --db \(databasePath) needs --exec")
        }
    }
}
