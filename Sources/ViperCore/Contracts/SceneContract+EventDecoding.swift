import ViperJSON

extension SceneContract {
    /// Decodes the event `name` with its `data` (absent, `null` or an object) into the typed
    /// `Event`; a params error names the field at fault, as `params.data…`.
    static func decodeEvent(named name: String, data: JSONValue?) throws(ProtocolError) -> Event {
        let payload: JSONValue
        switch data {
        case nil, .null?: payload = .object([:])
        case .object?: payload = data!
        case let other?: throw .invalidParams(path: "params.data", "must be an object, not \(other.typeDescription)")
        }
        do {
            // Synthesized enum decoding reads `{"<case>": {<labelled values>}}`.
            return try JSONValueDecoder.decode(Event.self, fromMember: name, payload)
        } catch let error as DecodingError {
            // The synthesized decoder's path starts at the case name, which is `params.data` on the wire.
            throw .invalidParams(error, path: { [WireCodingKey(stringValue: "params"), WireCodingKey(stringValue: "data")] + $0.dropFirst() })
        } catch {
            // A contract's own type refused the data with an error of its own.
            throw .invalidParams(path: "params.data", "is not valid data for the event '\(name)'")
        }
    }
}
