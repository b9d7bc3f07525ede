import ViperCore
import ViperJSON

/// How transcripts write requests and expected lines; `--update` and the recorder share it, so
/// what either writes replays the same way.
enum TranscriptLines {
    /// `> METHOD PARAMS`, with strings that look like markers escaped.
    static func request(method: String, params: JSONValue?) -> String {
        params.map { "> \(method) \(JSONWriter.string(Marker.escaped($0)))" } ?? "> \(method)"
    }

    /// An engine line as a transcript expects it: without `jsonrpc` and the request's own id,
    /// strings that look like markers escaped, and `{{*}}` for the engine's version in an
    /// `initialize` result, so that the transcript survives upgrades.
    static func expected(_ line: JSONValue, requestID: JSONValue, answersInitialize: Bool) -> JSONValue {
        var value = Marker.escaped(WireLine.shortened(line, requestID: requestID))
        if answersInitialize,
            case .object(var members) = value, case .object(var result)? = members["result"],
            case .object(var engine)? = result["engine"], engine["version"] != nil
        {
            engine["version"] = "{{*}}"
            result["engine"] = .object(engine)
            members["result"] = .object(result)
            value = .object(members)
        }
        return value
    }
}
