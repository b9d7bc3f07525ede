import WebSocketTestClient

/// ToDo saves poured into a session at once, each the add story's four requests (`addTapped`,
/// a title, a due day, `saveTapped`), and the saves whose answer came: what the tests of a
/// process killed in the middle of saves count.
struct PouredSaves {
    /// The titles of the saves answered so far.
    private(set) var acknowledged: Set<String> = []
    private var titlesBySaveID: [String: String] = [:]

    /// Sends `count` saves, "Save 1" to "Save N", through `client`, whose session shows ToDo's
    /// list as `todo.list#1` and has opened no Add screen yet.
    init(_ count: Int, through client: WebSocketTestClient) throws {
        for save in 1...count {
            let firstID = 10 * save
            titlesBySaveID[#""id":\#(firstID + 3),"#] = "Save \(save)"
            try client.send(Wire.event(firstID, "todo.list#1", "addTapped"))
            try client.send(Wire.event(firstID + 1, "todo.add#\(save)", "titleChanged", #"{"title":"Save \#(save)"}"#))
            try client.send(Wire.event(firstID + 2, "todo.add#\(save)", "dueDateChanged", #"{"dueDate":"2026-11-20"}"#))
            try client.send(Wire.event(firstID + 3, "todo.add#\(save)", "saveTapped"))
        }
    }

    /// Counts `line` if it answers a save.
    mutating func note(_ line: String) {
        if line.contains(#""result""#), let id = line.firstMatch(of: /^\{"id":\d+,/), let title = titlesBySaveID[String(id.0.dropFirst())] {
            acknowledged.insert(title)
        }
    }

    /// Reads `client` until `count` saves are answered.
    mutating func awaitAnswers(_ count: Int, from client: WebSocketTestClient) throws {
        while acknowledged.count < count { note(try client.receive()) }
    }

    /// Reads what reached `client` before its connection broke.
    mutating func drain(_ client: WebSocketTestClient) {
        while let frame = try? client.receiveFrame(timeout: 5), frame.opcode != 0x8 { note(frame.text) }
    }
}
