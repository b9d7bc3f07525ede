import Foundation
import Testing
import WebSocketTestClient

/// A well-behaved session, opened before an attack on a server: while the attack lasts and
/// after it, it must still be answered promptly.
final class Witness {
    /// How long a witness may wait for an answer. Generous for a loaded machine; the attacks
    /// this guards against stalled every session for tens of seconds.
    static let promptly: TimeInterval = 5

    let client: WebSocketTestClient
    private var nextID = 100

    init(port: UInt16) throws {
        client = try WebSocketTestClient(port: port)
        _ = try client.call(Wire.initialize(1, now: "2026-11-19T09:00:00Z"), id: 1)
    }

    /// Asks for the engine's state and expects the answer within `promptly`.
    func isAnsweredPromptly(_ comment: Comment = "", sourceLocation: SourceLocation = #_sourceLocation) throws {
        nextID += 1
        try client.send(Wire.request(nextID, "engine.state"))
        let answer = try client.receive(timeout: Self.promptly)
        #expect(answer.hasPrefix(#"{"id":\#(nextID),"jsonrpc":"2.0","result":"#), comment, sourceLocation: sourceLocation)
    }
}
