import ViperJSON

/// `view.event`: a user event for the module that owns a live scene.
package struct ViewEventRequest: WireRequest, ViewRequest {
    typealias Result = EmptyResult
    package static let wireMethod = WireMethod.viewEvent
    static let journaling = RequestJournaling.kept

    /// The id of a live scene (`todo.add#1`).
    package var scene: String
    /// The event's name, one the scene's kind accepts.
    package var event: String
    /// The event's data; an object, absent for events without data.
    package var data: JSONValue?
    /// The typed event, when it was decoded as the line was read; not on the wire.
    var typed: (any SceneEvent)?
    /// Whether the scene's contract marks the event superseding, learned as the line was read;
    /// not on the wire.
    var supersedes = false

    package init(scene: String, event: String, data: JSONValue? = nil) {
        self.scene = scene
        self.event = event
        self.data = data
    }

    private enum CodingKeys: String, CodingKey {
        case scene, event, data
    }

    /// Reads well-formed params directly, and leaves anything else to `Decodable`, which says
    /// what is wrong: every keystroke is a `view.event`, and decoding its params through
    /// Codable containers cost 10,300 of the 94,000 instructions of a pipelined `titleChanged`
    /// (callgrind, BENCHMARKS.md). A test checks that both read the same requests.
    static func read(_ request: IncomingRequest) throws(ProtocolError) -> ViewEventRequest {
        if let read = request.viewEvent ?? readDirectly(params: request.params) { return read }
        return try decoding(params: request.params)
    }

    /// The params that say this request: the object the View wrote, when it had no other member
    /// and no null data (`IncomingRequest.readPlainViewEvent(_:readingEvent:)` reads only such
    /// params).
    var params: JSONValue {
        var members: [String: JSONValue] = ["scene": .string(scene), "event": .string(event)]
        if let data { members["data"] = data }
        return .object(members)
    }

    /// The request, when its params are an object with a string scene and a string event.
    static func readDirectly(params: JSONValue?) -> ViewEventRequest? {
        guard case .object(let members)? = params else { return nil }
        // One pass over the members, as `IncomingRequest.read` makes, rather than a hashed
        // look-up of each name.
        var scene, event: String?
        var data: JSONValue?
        for (name, value) in members {
            switch (name, value) {
            case ("scene", .string(let text)): scene = text
            case ("event", .string(let text)): event = text
            case ("scene", _), ("event", _): return nil
            // As `decodeIfPresent` reads it: a `null` is no data.
            case ("data", let value): data = value == .null ? nil : value
            default: break
            }
        }
        guard let scene, let event else { return nil }
        return ViewEventRequest(scene: scene, event: event, data: data)
    }
}

extension ViewEventRequest {
    /// The event and data each scene kind accepts, by the kind in the id.
    static func paramsSchema(_ scope: SchemaScope) -> JSONValue? {
        ProtocolSchema.viewEventParams(scope.scenes)
    }
}
