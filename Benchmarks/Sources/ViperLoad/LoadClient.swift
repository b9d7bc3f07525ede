import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// One WebSocket session the generator drives, as a browser tab would: it plays the ToDo add
/// story in a loop, one request at a time, and times each request from writing it to reading
/// its response.
final class LoadClient {
    let descriptor: Int32
    /// Round trips of the story's events answered so far, in microseconds.
    private(set) var latencies: [Double] = []
    private(set) var stories = 0
    /// The id of the request sent and not answered yet.
    private(set) var awaited: Int?
    private var unread: [UInt8] = []
    private var nextID = 1
    private var sentAt = ContinuousClock.now
    private var step = Step.idle
    /// The number of the add scene open now (`todo.add#N`): each add presents the next one.
    private var addScene = 0

    private enum Step {
        case idle, start, add, title, dueDate, save
    }

    /// Connects to `port` and opens the session's WebSocket.
    init(port: UInt16) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard descriptor >= 0, connected == 0 else { throw LoadError("cannot connect to 127.0.0.1:\(port): errno \(errno)") }
        var one: Int32 = 1
        setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        try write(Array("GET /session HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n".utf8))
        var head: [UInt8] = []
        while head.firstRange(of: Array("\r\n\r\n".utf8)) == nil {
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = recv(descriptor, &chunk, chunk.count, 0)
            guard count > 0 else { throw LoadError("the server closed the connection before the upgrade") }
            head += chunk[..<count]
        }
        let end = head.firstRange(of: Array("\r\n\r\n".utf8))!
        guard String(decoding: head[..<end.lowerBound], as: UTF8.self).hasPrefix("HTTP/1.1 101") else {
            throw LoadError("upgrade refused: \(String(decoding: head, as: UTF8.self))")
        }
        unread = Array(head[end.upperBound...])
    }

    deinit {
        close(descriptor)
    }

    /// Sends `initialize`, at a fixed instant so that the ToDos saved later fall after the
    /// list's window and the list stays as short as it started.
    func initialize() throws {
        try request("initialize", #"{"now":"2026-11-19T09:00:00Z"}"#)
    }

    /// Forgets the round trips so far: the next phase measures its own.
    func forgetLatencies() {
        latencies.removeAll()
    }

    /// Reads what has arrived; returns true when it held the awaited response, which is then
    /// timed. The story's next request is the caller's to send (`sendNextStep`).
    func readAnswers() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = recv(descriptor, &chunk, chunk.count, Int32(MSG_DONTWAIT))
            if count > 0 { unread += chunk[..<count]; continue }
            if count == 0 { throw LoadError("the server closed a session") }
            if errno == EAGAIN || errno == EWOULDBLOCK { break }
            if errno != EINTR { throw LoadError("recv failed: errno \(errno)") }
        }
        var answered = false
        while let text = nextFrame() {
            // A response begins with its id (the engine writes members in order); notifications
            // begin with "jsonrpc".
            guard text.hasPrefix(#"{"id":"#), let awaited,
                Int(text.dropFirst(6).prefix { $0.isNumber }) == awaited
            else { continue }
            // Every session starts its app at once, so app.start measures a queue of them all:
            // only the story's events are timed.
            if step != .start {
                let elapsed = ContinuousClock.now - sentAt
                latencies.append(Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12)
            }
            self.awaited = nil
            answered = true
        }
        return answered
    }

    /// Sends the story's next request: first `app.start`, then after it or a save, the next add.
    func sendNextStep() throws {
        switch step {
        case .idle:
            step = .start
            try request("app.start", #"{"app":"todo"}"#)
        case .start, .save:
            if step == .save { stories += 1 }
            addScene += 1
            step = .add
            try event("todo.list#1", "addTapped")
        case .add:
            step = .title
            try event("todo.add#\(addScene)", "titleChanged", #"{"title":"Load \#(addScene)"}"#)
        case .title:
            step = .dueDate
            try event("todo.add#\(addScene)", "dueDateChanged", #"{"dueDate":"2027-01-15"}"#)
        case .dueDate:
            step = .save
            try event("todo.add#\(addScene)", "saveTapped")
        }
    }

    private func event(_ scene: String, _ event: String, _ data: String? = nil) throws {
        let dataMember = data.map { #","data":\#($0)"# } ?? ""
        try request("view.event", #"{"scene":"\#(scene)","event":"\#(event)"\#(dataMember)}"#)
    }

    private func request(_ method: String, _ params: String) throws {
        let id = nextID
        nextID += 1
        awaited = id
        sentAt = .now
        try sendText(#"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#)
    }

    /// One masked text frame, as clients must send.
    private func sendText(_ text: String) throws {
        let payload = Array(text.utf8)
        var frame: [UInt8] = [0x81]
        if payload.count < 126 {
            frame.append(0x80 | UInt8(payload.count))
        } else {
            frame += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        }
        let mask: [UInt8] = [0x5A, 0x3C, 0x96, 0x0F]
        frame += mask
        for (index, byte) in payload.enumerated() { frame.append(byte ^ mask[index & 3]) }
        try write(frame)
    }

    private func write(_ bytes: [UInt8]) throws {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress! + written, $0.count - written, Int32(MSG_NOSIGNAL)) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw LoadError("send failed: errno \(errno)") }
            written += count
        }
    }

    /// The next complete text frame from the server (unmasked), if one has arrived.
    private func nextFrame() -> String? {
        guard unread.count >= 2 else { return nil }
        var length = Int(unread[1] & 0x7F)
        var start = 2
        if length == 126 {
            guard unread.count >= 4 else { return nil }
            length = Int(unread[2]) << 8 | Int(unread[3])
            start = 4
        } else if length == 127 {
            guard unread.count >= 10 else { return nil }
            length = unread[2..<10].reduce(0) { $0 << 8 | Int($1) }
            start = 10
        }
        guard unread.count >= start + length else { return nil }
        let text = String(decoding: unread[start..<(start + length)], as: UTF8.self)
        unread.removeFirst(start + length)
        return text
    }
}
