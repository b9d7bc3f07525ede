import ViperCore
import ViperJSON

/// Writes a transcript from exchanges as they happen, in the form `--update` writes: requests
/// as `> METHOD PARAMS` (or `>> LINE` when sent raw), answers without `jsonrpc` and the
/// request's own id, `<` for a request that caused nothing.
public struct TranscriptRecorder: Sendable {
    private var lines: [String]
    /// How many exchanges were recorded.
    public private(set) var stepCount = 0

    /// A recording for an engine started with `engineOptions`, opened with comment lines.
    public init(engineOptions: [String] = [], comments: [String] = []) {
        lines = comments.map { "# " + $0 }
        if !engineOptions.isEmpty { lines.append((["$ viper serve"] + engineOptions).joined(separator: " ")) }
    }

    /// Records one exchange: the line sent (a JSON-RPC request, or any line when `raw`) and the
    /// lines it caused.
    public mutating func record(sent line: String, raw: Bool, output: [String]) {
        let request = try? JSONParser.parse(Array(line.utf8))
        if !raw, case .string(let method)? = request?["method"] {
            lines.append(TranscriptLines.request(method: method, params: request?["params"]))
        } else {
            lines.append(line.isEmpty ? ">>" : ">> " + line)
        }
        if output.isEmpty { lines.append("<") }
        expect(output, requestID: request?["id"] ?? .null, answersInitialize: request?.wireMethod == .initialize)
    }

    /// Records the View's reply to a request the engine sent it (`> reply RESULT` or
    /// `> reply-error ERROR`) and the lines it let go on; `requestID` is the View's request that
    /// waited for it, if one did.
    package mutating func recordReply(_ answer: JSONValue, isError: Bool, output: [String], requestID: JSONValue) {
        lines.append("> \(isError ? "reply-error" : "reply") \(JSONWriter.string(Marker.escaped(answer)))")
        if output.isEmpty { lines.append("<") }
        expect(output, requestID: requestID, answersInitialize: false)
    }

    /// Records lines the engine wrote by itself (background work) as a `> wait` step.
    public mutating func recordWait(output: [String]) {
        guard !output.isEmpty else { return }
        lines.append("> wait")
        expect(output, requestID: .null, answersInitialize: false)
    }

    /// Writes the expected lines of a step, and counts it.
    private mutating func expect(_ output: [String], requestID: JSONValue, answersInitialize: Bool) {
        for outputLine in output {
            guard let value = try? JSONParser.parse(Array(outputLine.utf8)) else {
                // The engine broke the protocol; keep the evidence where a replay will trip on it.
                lines.append("# not JSON: " + outputLine)
                continue
            }
            lines.append("< " + JSONWriter.string(TranscriptLines.expected(value, requestID: requestID, answersInitialize: answersInitialize)))
        }
        stepCount += 1
    }

    /// The transcript so far.
    public var text: String { lines.joined(separator: "\n") + "\n" }
}
