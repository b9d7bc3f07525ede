public import struct Foundation.Date

/// What a row's column is read as: a Swift type made from a `StoreValue`, or a reason why not.
public protocol StoreColumnValue {
    /// The value `value` holds; throws `StoreColumnMismatch` when it holds none of this type.
    init(storeValue value: StoreValue) throws(StoreColumnMismatch)
}

/// Why a column could not be read as the type asked for; `StoreRow` words it with the column.
public struct StoreColumnMismatch: Error, Sendable {
    /// What the column held.
    public let found: StoreValue
    /// What was asked for, as a person reads it ("text", "an integer").
    public let expected: String
}

extension String: StoreColumnValue {
    /// Text as it is; a number as it reads; bytes as UTF-8, with U+FFFD for what is not, as
    /// SQLite itself reads a blob as text.
    public init(storeValue value: StoreValue) throws(StoreColumnMismatch) {
        switch value {
        case .text(let text): self = text
        case .integer(let number): self = String(number)
        case .real(let number): self = String(number)
        case .bytes(let bytes): self = String(decoding: bytes, as: UTF8.self)
        case .null: throw StoreColumnMismatch(found: value, expected: "text")
        }
    }
}

extension [UInt8]: StoreColumnValue {
    /// The bytes of a column of bytes.
    public init(storeValue value: StoreValue) throws(StoreColumnMismatch) {
        guard case .bytes(let bytes) = value else { throw StoreColumnMismatch(found: value, expected: "bytes") }
        self = bytes
    }
}

extension Int64: StoreColumnValue {
    /// The value `value` holds, or why it holds none of this type.
    public init(storeValue value: StoreValue) throws(StoreColumnMismatch) {
        switch value {
        case .integer(let number): self = number
        case .real(let number) where number.rounded() == number && abs(number) < 9.0e18: self = Int64(number)
        default: throw StoreColumnMismatch(found: value, expected: "an integer")
        }
    }
}

extension Int: StoreColumnValue {
    /// The value `value` holds, or why it holds none of this type.
    public init(storeValue value: StoreValue) throws(StoreColumnMismatch) {
        self = Int(try Int64(storeValue: value))
    }
}

extension Double: StoreColumnValue {
    /// The value `value` holds, or why it holds none of this type.
    public init(storeValue value: StoreValue) throws(StoreColumnMismatch) {
        switch value {
        case .real(let number): self = number
        case .integer(let number): self = Double(number)
        default: throw StoreColumnMismatch(found: value, expected: "a number")
        }
    }
}

extension Bool: StoreColumnValue {
    /// The value `value` holds, or why it holds none of this type.
    public init(storeValue value: StoreValue) throws(StoreColumnMismatch) {
        self = try Int64(storeValue: value) != 0
    }
}

/// An instant kept as seconds since 1970.
extension Date: StoreColumnValue {
    /// The value `value` holds, or why it holds none of this type.
    public init(storeValue value: StoreValue) throws(StoreColumnMismatch) {
        self.init(timeIntervalSince1970: try Double(storeValue: value))
    }
}

extension Optional: StoreColumnValue where Wrapped: StoreColumnValue {
    /// The value `value` holds, or why it holds none of this type.
    public init(storeValue value: StoreValue) throws(StoreColumnMismatch) {
        self = value == .null ? nil : try Wrapped(storeValue: value)
    }
}
