public import Foundation
public import ViperCore

/// A clock fixed at one instant.
public struct FixedClock: WallClock {
    public let now: Date

    public init(_ iso8601: String = testNow) {
        now = instant(iso8601)
    }
}
