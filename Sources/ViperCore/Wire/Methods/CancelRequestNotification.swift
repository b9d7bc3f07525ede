import ViperJSON

/// `$/cancelRequest` (1.1, LSP's convention): a notification, acted on as it arrives, that
/// cancels the running or queued request with `id`. The engine sends it too, for an
/// `effect.http` it no longer needs.
package struct CancelRequestNotification: WireRequest, WireNotification, ViewRequest {
    typealias Result = NullResult
    package static let wireMethod = WireMethod.cancelRequest
    static let journaling = RequestJournaling.notKept

    /// The id of the request to cancel.
    package let id: JSONValue

    package init(id: JSONValue) {
        self.id = id
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(JSONValue.self, forKey: .id)
        guard RequestID(id, numberText: nil) != nil, id != .null else {
            throw DecodingError.dataCorruptedError(forKey: .id, in: container, debugDescription: "must be the id of a request, a string or a number")
        }
    }

    /// The id as requests carry it.
    var requestID: RequestID { RequestID(id, numberText: nil) ?? .null }

    private enum CodingKeys: String, CodingKey {
        case id
    }
}

extension CancelRequestNotification {
    static var isNotification: Bool { true }

    static func paramsSchema(_ scope: SchemaScope) -> JSONValue? {
        ProtocolSchema.object(["id": ["type": ["string", "number"]]])
    }
}
