public import struct Foundation.Date

/// Tells the time. Interactors ask it instead of reading the system clock, so sessions and
/// tests can fix the time.
public protocol WallClock: Sendable {
    /// The current instant.
    var now: Date { get }
}
