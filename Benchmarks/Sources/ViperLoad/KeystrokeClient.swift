import Foundation

/// One WebSocket session typing as fast as the server answers: its keystrokes go out pipelined,
/// at most `window` unanswered at a time, as many as fit in a write each time answers come back.
final class KeystrokeClient {
    private let connection: WebSocketConnection
    private let window: Int
    /// Every keystroke's frame, back to back, and where each ends.
    private let frames: [UInt8]
    private let ends: [Int]
    private(set) var sent = 0
    private(set) var answered = 0

    /// Connects to `port`; the session will type `keystrokes` keystrokes.
    init(port: UInt16, keystrokes: Int, window: Int) throws {
        connection = try WebSocketConnection(port: port)
        self.window = window
        var frames: [UInt8] = []
        var ends: [Int] = []
        ends.reserveCapacity(keystrokes)
        for index in 0..<keystrokes {
            frames += WebSocketConnection.frame(Keystrokes.keystroke(index))
            ends.append(frames.count)
        }
        self.frames = frames
        self.ends = ends
    }

    var descriptor: Int32 { connection.descriptor }
    var isDone: Bool { answered == ends.count }

    /// Starts ToDo and opens the add scene, one request at a time.
    func prepare() throws {
        try connection.call(Keystrokes.initialize, id: 1)
        try connection.call(Keystrokes.startApp, id: 2)
        try connection.call(Keystrokes.openAdd, id: 3)
    }

    /// Counts the responses that have arrived, then sends keystrokes up to the window, in one
    /// write.
    func pump() throws {
        try connection.readAvailable()
        var responses = 0
        connection.takeFrames { if Keystrokes.isResponse($0) { responses += 1 } }
        answered += responses
        let last = min(ends.count, answered + window)
        guard last > sent else { return }
        let from = sent == 0 ? 0 : ends[sent - 1]
        try connection.write(frames[from..<ends[last - 1]])
        sent = last
    }
}
