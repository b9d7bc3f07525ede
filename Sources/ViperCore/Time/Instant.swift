import Foundation

/// An instant as the wire writes it: ISO 8601 with a UTC offset, `2026-11-22T09:00:00Z` or
/// `2026-11-22T10:00:00.250+01:00`. An instant without an offset is rejected: it would mean
/// different instants in different places.
struct Instant: Decodable, Sendable {
    let date: Date

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = Self.parse(text) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "must be an ISO 8601 instant with offset such as 2026-11-22T09:00:00Z, not \"\(text)\"")
        }
        self.date = date
    }

    static func parse(_ text: String) -> Date? {
        guard text.hasSuffix("Z") || text.dropLast(6).last.map(\.isNumber) == true && "+-".contains(text.dropLast(5).last ?? " ")
        else { return nil }
        let style = text.contains(".") ? fractional : whole
        return try? style.parse(text)
    }

    private static let whole = Date.ISO8601FormatStyle()
    private static let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
}
