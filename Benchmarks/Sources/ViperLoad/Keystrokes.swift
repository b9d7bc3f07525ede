/// The keystroke workload, the same over WebSocket and stdio: a session starts ToDo and opens
/// the add scene, then types its title, each keystroke one `titleChanged` event that the engine
/// answers with a render and a response.
enum Keystrokes {
    static let initialize = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"now":"2026-11-19T09:00:00Z"}}"#
    static let startApp = #"{"jsonrpc":"2.0","id":2,"method":"app.start","params":{"app":"todo"}}"#
    static let openAdd = #"{"jsonrpc":"2.0","id":3,"method":"view.event","params":{"scene":"todo.list#1","event":"addTapped"}}"#

    /// The `index`th keystroke, request id `4 + index`.
    static func keystroke(_ index: Int) -> String {
        #"{"jsonrpc":"2.0","id":\#(4 + index),"method":"view.event","params":{"scene":"todo.add#1","event":"titleChanged","data":{"title":"Water the plants \#(index)"}}}"#
    }

    /// Whether a message the engine wrote is a response (it begins with its id), not a
    /// notification (which begins with "jsonrpc").
    static func isResponse(_ message: ArraySlice<UInt8>) -> Bool {
        message.starts(with: #"{"id":"#.utf8)
    }
}
