/// A whole message of a WebSocket connection, its frames joined: text (UTF-8, checked) or
/// binary.
struct WebSocketMessage: Equatable, Sendable {
    let bytes: [UInt8]
    let isText: Bool
}
