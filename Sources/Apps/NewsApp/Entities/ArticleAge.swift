import Foundation

/// How long ago an article was published, in the session's words: "3 hours ago",
/// "il y a 3 heures", "now" under a minute.
///
/// Foundation's anchored style measures between two given instants in a given calendar, so the
/// text depends only on the article, the session's clock and the session's time zone and
/// locale, never on the machine's. (It words its anchor as seen from the date it formats: the
/// anchor is the publication, and what is formatted is the session's now.)
struct ArticleAge: Sendable {
    let locale: Locale
    var timeZone: TimeZone = .gmt

    func text(publishedAt: Date, now: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        calendar.locale = locale
        // Under a minute, and articles from a server whose clock runs ahead of the session's.
        guard now.timeIntervalSince(publishedAt) >= 60 else {
            var named = Date.AnchoredRelativeFormatStyle(anchor: now, presentation: .named, unitsStyle: .wide, locale: locale, calendar: calendar)
            named.allowedFields = [.second]
            return named.format(now)
        }
        var style = Date.AnchoredRelativeFormatStyle(anchor: publishedAt, presentation: .numeric, unitsStyle: .wide, locale: locale, calendar: calendar)
        style.allowedFields = [.year, .month, .day, .hour, .minute]
        return style.format(now)
    }
}
