import FlyingFox
import Foundation
import Testing
import ViperCore
@testable import ViperWeb

@Suite("One connection's session")
struct SessionSocketTests {
    @Test("frames the connection drops, as when the client vanished mid-write, stop the reading and end the session")
    func droppedFrames() async throws {
        let slots = SessionSlots(capacity: 1)
        let socket = SessionSocket(engine: Engine(EngineConfiguration(apps: [], logger: .discarding)), limits: WebServerLimits(), slots: slots)
        // A client that sends nothing and never ends by itself.
        let (client, continuation) = AsyncThrowingStream<WSFrame, any Error>.makeStream()
        defer { continuation.finish() }
        var frames: AsyncStream<WSFrame>? = try await socket.makeFrames(for: client)
        #expect(frames != nil && slots.count == 1)
        frames = nil
        for _ in 0..<1000 where slots.count > 0 { try await Task.sleep(for: .milliseconds(10)) }
        #expect(slots.count == 0, "the session still holds its slot")
    }
}
