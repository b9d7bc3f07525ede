import Foundation

/// Reads wire lines as JSON, for checks that read better on parsed values than on bytes.
enum WireJSON {
    /// The JSON object a line holds, or nil when it holds anything else.
    static func object(_ line: String) -> [String: Any]? {
        guard let data = line.data(using: .utf8) else { return nil }
        return (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) as? [String: Any]
    }

    /// A value as compact JSON text (`null`, `7`, `"a"`), to compare ids whatever their type.
    static func text(of value: Any) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: [value], options: [.sortedKeys]),
            let array = String(data: data, encoding: .utf8)
        else { return "?" }
        return String(array.dropFirst().dropLast())
    }

    /// The id a request line carries as JSON text; `null` when the line has no readable id,
    /// since that is the id its error goes to.
    static func idText(ofRequest line: String) -> String {
        guard let request = object(line), let id = request["id"] else { return "null" }
        switch id {
        case is String, is NSNumber, is NSNull: return text(of: id)
        default: return "null"
        }
    }

    /// Whether `line` is a response (result or error) to the request whose id is `id`.
    static func isResponse(_ line: String, toID id: String) -> Bool {
        guard let message = object(line), message["method"] == nil, let lineID = message["id"],
            message["result"] != nil || message["error"] != nil
        else { return false }
        return text(of: lineID) == id
    }

    /// The `viewModel` of a `view.render` line, as JSON data ready for `JSONDecoder`.
    static func viewModelData(ofRender line: String) throws -> Data {
        guard let message = object(line), message["method"] as? String == "view.render",
            let params = message["params"] as? [String: Any], let viewModel = params["viewModel"]
        else { throw ServeProcess.Failure(description: "not a view.render line: \(line)") }
        return try JSONSerialization.data(withJSONObject: viewModel)
    }

    /// The `scene` of a `view.navigate` or `view.render` line.
    static func scene(of line: String) -> String? {
        (object(line)?["params"] as? [String: Any])?["scene"] as? String
    }
}
