import Foundation
import AppTestSupport
import Testing

@testable import NewsApp

private let english = ArticleAge(locale: Locale(identifier: "en_US"))
private let french = ArticleAge(locale: Locale(identifier: "fr_FR"))

/// Sessions' clocks far from the system's: the age is the distance from the session's now,
/// whatever the system's clock says.
private let sessionNows = [testNow, "2001-01-01T00:00:00Z", "2040-06-15T12:30:00Z"]

/// The age of an article published `seconds` before `now`, by `age`.
private func text(_ age: ArticleAge, secondsAgo seconds: Double, now: String = testNow) -> String {
    let date = instant(now)
    return age.text(publishedAt: date.addingTimeInterval(-seconds), now: date)
}

@Suite("Article ages: how long ago, from the session's clock and in the session's locale")
struct ArticleAgeTests {
    @Test("Three hours read \"3 hours ago\" in en_US, whatever the session's now", arguments: sessionNows)
    func threeHours(now: String) {
        #expect(text(english, secondsAgo: 3 * 3600, now: now) == "3 hours ago")
    }

    // Exactly a day: the formatter counts days between day boundaries of the system's calendar,
    // so only whole days read the same at every time of the system's day.
    @Test("A day reads \"1 day ago\" in en_US", arguments: sessionNows)
    func oneDay(now: String) {
        #expect(text(english, secondsAgo: 86_400, now: now) == "1 day ago")
    }

    @Test("Forty-five minutes read \"45 minutes ago\" in en_US", arguments: sessionNows)
    func fortyFiveMinutes(now: String) {
        #expect(text(english, secondsAgo: 45 * 60, now: now) == "45 minutes ago")
    }

    @Test("Three hours read \"il y a 3 heures\" in fr_FR")
    func threeHoursInFrench() {
        #expect(text(french, secondsAgo: 3 * 3600) == "il y a 3 heures")
    }

    @Test("Less than a minute reads \"now\" in en_US", arguments: [0.0, 1, 10, 30, 59])
    func lessThanAMinute(seconds: Double) {
        #expect(text(english, secondsAgo: seconds) == "now")
    }

    @Test("An article published after the session's now, from a server whose clock runs ahead, reads \"now\"", arguments: [1.0, 300, 86_400])
    func publishedInTheFuture(secondsAhead: Double) {
        #expect(text(english, secondsAgo: -secondsAhead) == "now")
    }
}
