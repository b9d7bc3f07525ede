import ViperCore

/// Writes a transcript from exchanges as they happen, in the form `--update` writes: requests
/// as `> METHOD PARAMS` (or `>> LINE` when sent raw), answers without `jsonrpc` and the
/// request's own id, `<` for a request that caused nothing.
///
/// The engine's version in an `initialize` result becomes `{{*}}`, so recordings keep
/// replaying after an upgrade.
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
        let requestID = request?["id"] ?? .null
        if !raw, case .object(let members)? = request, case .string(let method)? = members["method"] {
            lines.append(members["params"].map { "> \(method) \(JSONWriter.string($0))" } ?? "> \(method)")
        } else {
            lines.append(line.isEmpty ? ">>" : ">> " + line)
        }
        let isInitialize = request?["method"] == "initialize"
        if output.isEmpty { lines.append("<") }
        for outputLine in output {
            guard var value = try? JSONParser.parse(Array(outputLine.utf8)) else {
                lines.append("# not JSON: " + outputLine)
                continue
            }
            if isInitialize { value = Self.anyVersion(in: value) }
            lines.append("< " + JSONWriter.string(WireLine.shortened(value, requestID: requestID)))
        }
        stepCount += 1
    }

    /// The transcript so far.
    public var text: String { lines.joined(separator: "\n") + "\n" }

    private static func anyVersion(in response: JSONValue) -> JSONValue {
        guard case .object(var members) = response, case .object(var result)? = members["result"],
            case .object(var engine)? = result["engine"], engine["version"] != nil
        else { return response }
        engine["version"] = "{{*}}"
        result["engine"] = .object(engine)
        members["result"] = .object(result)
        return .object(members)
    }
}
