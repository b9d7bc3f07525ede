/// An event that comes from outside the View (a message received, a push notification), handed
/// to every live module that subscribed to its `name` (`notification.post`, or an engine
/// service posting). Its stored properties are its payload on the wire.
public protocol BusEvent: Codable, Sendable {
    /// The event's name on the bus (`chat.messageReceived`).
    static var name: String { get }
}
