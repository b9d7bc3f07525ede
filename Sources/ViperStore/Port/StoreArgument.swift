public import struct Foundation.Date

/// What a statement's `?` takes: a Swift value that has a `StoreValue`.
public protocol StoreArgument: Sendable {
    /// The value the database is given.
    var storeValue: StoreValue { get }
}

extension String: StoreArgument {
    public var storeValue: StoreValue { .text(self) }
}

extension [UInt8]: StoreArgument {
    public var storeValue: StoreValue { .bytes(self) }
}

extension Int: StoreArgument {
    public var storeValue: StoreValue { .integer(Int64(self)) }
}

extension Int64: StoreArgument {
    public var storeValue: StoreValue { .integer(self) }
}

extension Double: StoreArgument {
    public var storeValue: StoreValue { .real(self) }
}

extension Bool: StoreArgument {
    public var storeValue: StoreValue { .integer(self ? 1 : 0) }
}

/// An instant is kept as seconds since 1970, a `REAL` (`DOUBLE PRECISION`).
extension Date: StoreArgument {
    public var storeValue: StoreValue { .real(timeIntervalSince1970) }
}

extension Optional: StoreArgument where Wrapped: StoreArgument {
    public var storeValue: StoreValue { self?.storeValue ?? .null }
}

extension StoreValue: StoreArgument {
    public var storeValue: StoreValue { self }
}
