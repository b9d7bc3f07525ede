import ViperCore
import ViperJSON

/// A running engine a transcript talks to, one line at a time.
package protocol EngineConnection: Sendable {
    /// Sends `line` (without newline) and returns every line it caused. For a request, that is
    /// up to and including the response with `responseID`, or up to a request the engine sends
    /// the View (`effect.http`), which the transcript answers next; with nil, whatever the line
    /// caused.
    func exchange(_ line: [UInt8], responseID: JSONValue?) async throws(EngineFailure) -> [String]

    /// Sends `line` (without newline) and reads nothing: what it causes comes by itself, for the
    /// steps after it. For a reply that no View request waits for, whose effects on background
    /// work would otherwise be split between steps by timing alone.
    func send(_ line: [UInt8]) async throws(EngineFailure)

    /// Hands the engine `line` at once, even while an exchange waits on it, and reads nothing:
    /// a `$/cancelRequest` sent while the View waits for the request it cancels.
    func accept(_ line: [UInt8]) async

    /// Sends nothing and returns the next `count` lines the engine writes by itself, waiting at
    /// most `timeout`; fails with what came when fewer did. With a nil count, whatever comes
    /// within the timeout.
    func awaitLines(_ count: Int?, timeout: Duration) async throws(EngineFailure) -> [String]

    /// Ends the conversation the way a View does (closing the engine's input) and reports an
    /// engine that ended badly or wrote lines nobody asked for.
    func close() async throws(EngineFailure)

    /// Gives the conversation up, at once and without waiting for anything: the transcript ran
    /// out of time. An engine in a process of its own is killed.
    func abandon()
}

extension EngineConnection {
    /// A connection whose `send` does not wait on a running exchange hands the line that way.
    package func accept(_ line: [UInt8]) async {
        try? await send(line)
    }
}

/// The engine failed the transcript in a way no expected line could describe.
package struct EngineFailure: Error, CustomStringConvertible {
    package let description: String

    package init(description: String) {
        self.description = description
    }
}

extension JSONValue {
    /// Whether this line is a request the engine sends the View: it has an id and a method.
    var isEngineRequest: Bool {
        self["method"] != nil && self["id"] != nil
    }
}

/// Where a request's output ends, the same for every connection: at its response, at a request
/// the engine sends the View (the transcript answers it next), or at an error addressed to null
/// (the engine's answer to a line it could not read). What background work writes after that
/// point belongs to the steps that follow.
///
/// It reads the lines' JSON-RPC envelope only, not `EngineMessage`: a step must end where the
/// engine meant it to even when what the line carries is wrong, which the invariants then name.
package enum RequestOutput {
    /// Whether `line` is the last line of the output of the request `responseID`.
    package static func ends(at line: String, responseID: JSONValue) -> Bool {
        guard case .object(let members)? = try? JSONParser.parse(Array(line.utf8)) else { return false }
        if members["id"] == responseID && (members["result"] != nil || members["error"] != nil) { return true }
        return JSONValue.object(members).isEngineRequest || (members["id"] == .null && members["error"] != nil)
    }

    /// Whether `line` is the response (a result or an error) to the request `id`.
    package static func isResponse(_ line: String, to id: JSONValue) -> Bool {
        guard case .object(let members)? = try? JSONParser.parse(Array(line.utf8)) else { return false }
        return members["id"] == id && members["method"] == nil && (members["result"] != nil || members["error"] != nil)
    }
}
