import ViperJSON

/// A bus event as `engine.describe` tells front ends about it: its name and the members of
/// its payload, learned from its `Codable` type as scene contracts are.
public struct BusEventDescription: Sendable, Equatable {
    /// The event's name, as `notification.post` takes it (`chat.messageReceived`).
    public let name: String
    /// The members of the event's payload, with their wire types.
    public let payload: [FieldDescriptor]
    /// Decodes a payload as the event's type, so that `notification.post` refuses one that no
    /// subscriber could take; the error's path starts at `params.payload`.
    private let decode: @Sendable (JSONValue) throws -> Void

    /// The description of `event`; a type that cannot be described is a programming error of
    /// the app, found the first time any engine registers it.
    public init(_ event: any BusEvent.Type) {
        name = event.name
        do {
            payload = try Self.members(of: event)
        } catch {
            preconditionFailure("cannot describe the bus event \(event.name): \(error)")
        }
        decode = Self.decoder(for: event)
    }

    /// Throws `invalidParams` naming the member of `payload` that does not fit the event.
    func check(payload: JSONValue) throws(ProtocolError) {
        do {
            try decode(payload)
        } catch let error as DecodingError {
            throw .invalidParams(error)
        } catch {
            throw .internalError("could not decode the payload of \(name): \(error)")
        }
    }

    public static func == (left: Self, right: Self) -> Bool {
        left.name == right.name && left.payload == right.payload
    }

    private static func members<Event: BusEvent>(of event: Event.Type) throws -> [FieldDescriptor] {
        try ShapeReader.members(of: Event.self)
    }

    private static func decoder<Event: BusEvent>(for event: Event.Type) -> @Sendable (JSONValue) throws -> Void {
        { payload in
            _ = try JSONValueDecoder.decode(
                Event.self, from: payload,
                codingPath: [WireCodingKey(stringValue: "params"), WireCodingKey(stringValue: "payload")])
        }
    }
}
