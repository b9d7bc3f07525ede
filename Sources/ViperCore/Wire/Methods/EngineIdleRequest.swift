/// `engine.idle` (1.1): answers once every task of the session has finished or waits on
/// something outside the engine, so that nothing more happens without outside input.
package struct EngineIdleRequest: WireRequest, ViewRequest {
    typealias Result = EmptyResult
    package static let wireMethod = WireMethod.engineIdle
    static let journaling = RequestJournaling.notKept

    package init() {}
}
