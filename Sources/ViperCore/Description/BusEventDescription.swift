/// A bus event as `engine.describe` tells front ends about it: its name and the members of
/// its payload, learned from its `Codable` type as scene contracts are.
public struct BusEventDescription: Sendable, Equatable {
    public let name: String
    public let payload: [FieldDescriptor]

    /// The description of `event`; a type that cannot be described is a programming error of
    /// the app, found the first time any engine registers it.
    public init(_ event: any BusEvent.Type) {
        name = event.name
        do {
            payload = try Self.members(of: event)
        } catch {
            preconditionFailure("cannot describe the bus event \(event.name): \(error)")
        }
    }

    private static func members<Event: BusEvent>(of event: Event.Type) throws -> [FieldDescriptor] {
        try ShapeReader.members(of: Event.self)
    }
}
