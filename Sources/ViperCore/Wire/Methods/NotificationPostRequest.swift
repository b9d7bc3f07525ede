import ViperJSON

/// `notification.post` (1.1): an event from outside the View, handed to every live module
/// subscribed to its name, as a push notification or a socket would.
package struct NotificationPostRequest: WireRequest, ViewRequest {
    package static let wireMethod = WireMethod.notificationPost
    static let journaling = RequestJournaling.kept

    package init(name: String, payload: JSONValue? = nil) {
        self.name = name
        self.payload = payload
    }

    /// The bus event's name (`chat.messageReceived`).
    package var name: String
    /// Its payload, which the subscribers decode; `{}` when absent.
    package var payload: JSONValue?

    struct Result: Encodable, Sendable {
        /// How many subscribers took the event.
        let delivered: Int
    }
}

extension NotificationPostRequest {
    /// The payload of the bus event named in `name`.
    static func paramsSchema(_ scope: SchemaScope) -> JSONValue? {
        ProtocolSchema.notificationPostParams(scope.busEvents)
    }
}

extension NotificationPostRequest.Result: WireResult {
    static func schema(_ scope: SchemaScope) -> JSONValue {
        ProtocolSchema.object(["delivered": ["type": "integer", "minimum": 0]])
    }
}
