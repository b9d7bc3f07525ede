public import struct Foundation.Date

/// An instant as the wire writes it: RFC 3339, that is ISO 8601 with a UTC offset:
/// `2026-11-22T09:00:00Z` or `2026-11-22T10:00:00.250+01:00`.
///
/// Parsed strictly by hand: Foundation's ISO 8601 parser rolls impossible values over
/// (`2026-02-30` became 2 March), and an instant without an offset would mean different
/// instants in different places, so both are refused.
///
/// In a view model it is written in UTC with whole seconds, `2026-11-22T09:00:00Z`, and
/// `engine.describe` names its type `instant`.
public struct Instant: Decodable, Encodable, Sendable, Equatable, WireScalar {
    /// The instant, with any fraction of a second kept, though a view model writes whole seconds.
    public let date: Date
    /// How a View wrote the instant it sends: in its user's zone (`2026-11-22T10:00:00+01:00`),
    /// or as a person typed it; nil writes UTC.
    private let written: String?

    /// The instant `date` is.
    public init(_ date: Date) {
        self.date = date
        written = nil
    }

    /// The instant `date` is, written at `offset` seconds from UTC (a zone's `secondsFromGMT`),
    /// in whole seconds.
    package init(_ date: Date, writtenAtOffset offset: Int) {
        self.date = date
        let minutes = abs(offset) / 60
        let digits = [minutes / 60, minutes % 60].map { $0 < 10 ? "0\($0)" : "\($0)" }
        written = offset == 0 ? nil : Self.utcText(date.addingTimeInterval(Double(offset))).dropLast() + (offset < 0 ? "-" : "+") + digits.joined(separator: ":")
    }

    /// The instant `text` names, written as it is; nil when it is not one (see `parse`).
    package init?(wireText text: String) {
        guard let date = Self.parse(text) else { return nil }
        self.date = date
        written = text
    }

    /// The instant as the wire writes it: as it was written, else in UTC in whole seconds.
    package var wireText: String { written ?? Self.utcText(date) }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wireText)
    }

    /// Two instants are the same instant whatever offset each is written at.
    public static func == (left: Instant, right: Instant) -> Bool {
        left.date == right.date
    }

    public static var wireType: FieldDescriptor.ValueType { .instant }
    public static var wireExample: Instant { Instant(Date(timeIntervalSince1970: 0)) }

    /// `date` as `YYYY-MM-DDTHH:MM:SSZ`, rounded down to the second.
    static func utcText(_ date: Date) -> String {
        let seconds = Int((date.timeIntervalSince1970).rounded(.down))
        let day = CalendarDay(daysSinceEpoch: Int((Double(seconds) / 86_400).rounded(.down)))
        let inDay = seconds - day.daysSinceEpoch * 86_400
        let clock = [inDay / 3600, inDay % 3600 / 60, inDay % 60].map { $0 < 10 ? "0\($0)" : "\($0)" }
        return "\(day)T\(clock.joined(separator: ":"))Z"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = Self.parse(text) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "must be an ISO 8601 instant with offset such as 2026-11-22T09:00:00Z, not \"\(text)\"")
        }
        self.date = date
        written = nil
    }

    /// The instant `text` names, or nil when it is not `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`
    /// with every field in range.
    package static func parse(_ text: String) -> Date? {
        var scanner = DigitScanner(Array(text.utf8))
        guard let day = CalendarDay(String(text.prefix(10))) else { return nil }
        scanner.skip(10)
        guard scanner.take(oneOf: "Tt"),
            let hour = scanner.number(digits: 2), hour < 24, scanner.take(oneOf: ":"),
            let minute = scanner.number(digits: 2), minute < 60, scanner.take(oneOf: ":"),
            let second = scanner.number(digits: 2), second < 60
        else { return nil }
        var fraction = 0.0
        if scanner.take(oneOf: ".") {
            guard let digits = scanner.fractionDigits() else { return nil }
            fraction = digits
        }
        let offset: Int
        if scanner.take(oneOf: "Zz") {
            offset = 0
        } else if let sign = scanner.sign(),
            let offsetHours = scanner.number(digits: 2), offsetHours < 24, scanner.take(oneOf: ":"),
            let offsetMinutes = scanner.number(digits: 2), offsetMinutes < 60
        {
            offset = sign * (offsetHours * 3600 + offsetMinutes * 60)
        } else {
            return nil
        }
        guard scanner.isAtEnd else { return nil }
        let seconds = day.daysSinceEpoch * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }
}

/// Reads the fixed-width digit fields of an instant.
private struct DigitScanner {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { index == bytes.count }

    mutating func skip(_ count: Int) {
        index += count
    }

    mutating func take(oneOf characters: String) -> Bool {
        guard index < bytes.count, characters.utf8.contains(bytes[index]) else { return false }
        index += 1
        return true
    }

    mutating func sign() -> Int? {
        if take(oneOf: "+") { return 1 }
        if take(oneOf: "-") { return -1 }
        return nil
    }

    mutating func number(digits count: Int) -> Int? {
        guard index + count <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[index..<index + count] {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        index += count
        return value
    }

    /// The digits after a decimal point, as a fraction of a second; at least one digit.
    mutating func fractionDigits() -> Double? {
        var value = 0.0
        var scale = 0.1
        let start = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
            value += Double(bytes[index] - UInt8(ascii: "0")) * scale
            scale /= 10
            index += 1
        }
        return index > start ? value : nil
    }
}
