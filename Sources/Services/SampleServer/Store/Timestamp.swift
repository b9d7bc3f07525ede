import Foundation

/// Instants as the APIs write them: RFC 3339 in UTC with whole seconds, `2026-11-23T09:41:00Z`.
enum Timestamp {
    static func string(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}
