/// What may move the REPL's session onto another engine while it runs: `dev`, which rebuilds
/// the package on each saved change and replays the session into the new engine.
protocol SessionReloader: AnyObject {
    /// Returns once no reload is under way: a command typed while the package rebuilds waits,
    /// and runs on the engine that results.
    func settled() async

    /// What to tell the person since the last look (a build started, a build's errors, what a
    /// replay changed, the screen drawn again), nil when nothing; moves the session onto a
    /// rebuilt engine when one is ready. Called from the REPL's task only.
    func takeNews() -> String?
}
