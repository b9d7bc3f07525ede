/// A day on the calendar, independent of time zones: `2026-11-22` on the wire.
///
/// Day arithmetic counts days in the proleptic Gregorian calendar, so adding days, comparing
/// days and finding weekdays need no `Calendar` and cannot drift across daylight-saving changes.
public struct CalendarDay: Hashable, Comparable, Sendable {
    /// Days since 1970-01-01; every other property derives from it.
    public let daysSinceEpoch: Int

    /// The day `daysSinceEpoch` days after 1970-01-01.
    public init(daysSinceEpoch: Int) {
        self.daysSinceEpoch = daysSinceEpoch
    }

    /// The given day, or nil when there is no such day (`2026-02-30`) or the year is outside 1...9999.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...Self.length(ofMonth: month, year: year)).contains(day)
        else { return nil }
        daysSinceEpoch = Self.days(year: year, month: month, day: day)
    }

    /// Parses `YYYY-MM-DD`, exactly as the wire writes it.
    public init?(_ text: some StringProtocol) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            let year = Self.number(bytes[0..<4]), let month = Self.number(bytes[5..<7]),
            let day = Self.number(bytes[8..<10])
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The day `count` days later (earlier when negative).
    public func adding(days count: Int) -> CalendarDay {
        CalendarDay(daysSinceEpoch: daysSinceEpoch + count)
    }

    /// The weekday, 1 = Sunday … 7 = Saturday, the numbering `firstWeekday` uses.
    public var weekday: Int {
        // 1970-01-01 was a Thursday (5).
        ((daysSinceEpoch + 4) % 7 + 7) % 7 + 1
    }

    /// Year, month and day of month.
    public var components: (year: Int, month: Int, day: Int) {
        // Howard Hinnant's civil_from_days.
        let z = daysSinceEpoch + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    public static func < (left: CalendarDay, right: CalendarDay) -> Bool {
        left.daysSinceEpoch < right.daysSinceEpoch
    }

    // Howard Hinnant's days_from_civil.
    private static func days(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func length(ofMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for digit in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else { return nil }
            value = value * 10 + Int(digit - UInt8(ascii: "0"))
        }
        return value
    }
}

extension CalendarDay: CustomStringConvertible {
    /// `YYYY-MM-DD`.
    public var description: String {
        let (year, month, day) = components
        guard (0...9999).contains(year) else {
            return Self.pad(year, 4) + "-" + Self.pad(month, 2) + "-" + Self.pad(day, 2)
        }
        // Ten bytes written in place make a small string, with no allocation: this runs for
        // every ToDo of every list the engine renders.
        return String(unsafeUninitializedCapacity: 10) { text in
            func digit(_ value: Int) -> UInt8 { UInt8(ascii: "0") + UInt8(value) }
            text[0] = digit(year / 1000)
            text[1] = digit(year / 100 % 10)
            text[2] = digit(year / 10 % 10)
            text[3] = digit(year % 10)
            text[4] = UInt8(ascii: "-")
            text[5] = digit(month / 10)
            text[6] = digit(month % 10)
            text[7] = UInt8(ascii: "-")
            text[8] = digit(day / 10)
            text[9] = digit(day % 10)
            return 10
        }
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

extension CalendarDay: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let day = CalendarDay(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "must be a calendar day YYYY-MM-DD, not \"\(text)\"")
        }
        self = day
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
