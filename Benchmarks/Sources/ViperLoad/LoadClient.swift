import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// One WebSocket session the generator drives, as a browser tab would: it plays the ToDo add
/// story in a loop, one request at a time, and times each request from writing it to reading
/// its response.
final class LoadClient {
    private let connection: WebSocketConnection
    /// Round trips of the story's events answered so far, in microseconds.
    private(set) var latencies: [Double] = []
    private(set) var stories = 0
    /// The id of the request sent and not answered yet.
    private(set) var awaited: Int?
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
        connection = try WebSocketConnection(port: port)
    }

    var descriptor: Int32 { connection.descriptor }
    /// Errors the engine answered, and the last of them.
    private(set) var errors = 0
    private(set) var lastError: String?

    /// Sends `initialize`, at a fixed instant so that the ToDos saved later fall after the
    /// list's window and the list stays as short as it started; in `workspace` when given.
    func initialize(workspace: String? = nil) throws {
        let member = workspace.map { #","workspace":"\#($0)""# } ?? ""
        try request("initialize", #"{"now":"2026-11-19T09:00:00Z"\#(member)}"#)
    }

    /// Forgets the round trips so far: the next phase measures its own.
    func forgetLatencies() {
        latencies.removeAll()
    }

    /// Reads what has arrived; returns true when it held the awaited response, which is then
    /// timed. The story's next request is the caller's to send (`sendNextStep`).
    func readAnswers() throws -> Bool {
        try connection.readAvailable()
        var answered = false
        for text in connection.takeTexts() {
            // A response begins with its id (the engine writes members in order); notifications
            // begin with "jsonrpc".
            // An error answers too (`{"error":…,"id":N,…}`): counted, so that a run with errors
            // is refused rather than taken for a slow one.
            if text.hasPrefix(#"{"error":"#), let awaited, text.contains(#","id":\#(awaited),"#) {
                errors += 1
                lastError = String(text.prefix(300))
            } else {
                guard text.hasPrefix(#"{"id":"#), let awaited,
                    Int(text.dropFirst(6).prefix { $0.isNumber }) == awaited
                else { continue }
            }
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
        try connection.send(#"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#)
    }
}
