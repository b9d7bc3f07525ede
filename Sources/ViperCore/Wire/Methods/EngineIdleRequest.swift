/// `engine.idle` (1.1): answers once every task of the session has finished or waits on
/// something outside the engine, so that nothing more happens without outside input.
struct EngineIdleRequest: WireRequest {
    typealias Result = EmptyResult
    static let method = WireMethod.engineIdle.rawValue
    static let journaling = RequestJournaling.notKept
}
