/// Tells the REPL of Ctrl-C while it waits for the engine, so that a slow request can be
/// cancelled; a script has no Ctrl-C of its own.
public protocol InterruptWatcher {
    /// Runs `work`; each Ctrl-C meanwhile calls `interrupted`.
    func whileWaiting(_ work: () async -> Void, interrupted: @escaping @Sendable () -> Void) async
}
