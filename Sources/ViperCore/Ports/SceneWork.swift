/// Background work a module asks its scene for, as a port its Interactor can be given a double
/// of in tests: the engine's is the scene's `SceneTasks`.
public protocol SceneWork: Sendable {
    /// Runs `handler` with each element of `stream` as background work of the scene, until the
    /// scene leaves the stack or the stream ends. Waiting for the next element is waiting on
    /// the outside: it does not keep `engine.idle` from answering.
    func forEach<Element: Sendable>(in stream: AsyncStream<Element>, _ handler: @escaping @Sendable (Element) async -> Void) async
}
