import Foundation

/// The resume mode: sessions that start ToDo, open Add and type `keystrokes` keystrokes, then
/// leave, each resumed on a new connection; the time each resume took.
struct ResumeRun {
    let port: UInt16
    let keystrokes: Int

    /// Milliseconds from sending each session's resuming `initialize` to its answer.
    func measure(sessions: Int) throws -> [Double] {
        var keys: [String] = []
        let workspace = "resume-\(UInt32.random(in: 0...UInt32.max))"
        for _ in 0..<sessions {
            let connection = try WebSocketConnection(port: port)
            let started = try connection.call(
                #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"now":"2026-11-19T09:00:00Z","workspace":"\#(workspace)"}}"#, id: 1)
            guard let key = started.last?.firstMatch(of: /"resumeKey":"([0-9a-f]{32})"/)?.1 else {
                throw LoadError("the server keeps no journals: \(started.last ?? "")")
            }
            keys.append(String(key))
            try connection.call(#"{"jsonrpc":"2.0","id":2,"method":"app.start","params":{"app":"todo"}}"#, id: 2)
            try connection.call(#"{"jsonrpc":"2.0","id":3,"method":"view.event","params":{"scene":"todo.list#1","event":"addTapped"}}"#, id: 3)
            // Pipelined, as a person types faster than a round trip; the last answer ends them.
            for number in 0..<keystrokes {
                let id = 4 + number
                let title = String(repeating: "a", count: number % 40 + 1)
                let line = #"{"jsonrpc":"2.0","id":\#(id),"method":"view.event","params":{"scene":"todo.add#1","event":"titleChanged","data":{"title":"\#(title)"}}}"#
                if number == keystrokes - 1 { try connection.call(line, id: id, within: 120) } else { try connection.send(line) }
            }
        }
        var times: [Double] = []
        for key in keys {
            let connection = try WebSocketConnection(port: port)
            let start = ContinuousClock.now
            try connection.call(
                #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"now":"2026-11-19T09:00:00Z","workspace":"\#(workspace)","resume":"\#(key)"}}"#, id: 1)
            let elapsed = ContinuousClock.now - start
            times.append(Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
        }
        return times
    }
}
