/// The type of a member of a view model or of an event's data, as a client declares it.
package indirect enum ClientValueType: Equatable, Sendable {
    case string, bool, integer, number
    /// A calendar day, `YYYY-MM-DD`.
    case day
    /// An instant, ISO 8601 with a UTC offset.
    case instant
    /// Text that must not be shown, logged or kept (a password).
    case secret
    /// An array whose elements are all of one type.
    case array(ClientValueType)
    /// An object of its own, declared as a type of its own.
    case record(ClientRecord)
}
