/// How the session reaches the engine: one JSON text per line each way, such as `viper serve`'s
/// standard input and output, or a WebSocket's text frames. `send` may be called from any thread.
public protocol Transport: Sendable {
    /// Sends one line, without its newline.
    func send(_ line: String)
    /// Starts delivering the engine's lines, in order and without their newlines, then its end.
    func start(onLine: @escaping @Sendable (String) -> Void, onClose: @escaping @Sendable ((any Error)?) -> Void)
}
