import Foundation
import Synchronization

/// A locale's names of the weekdays, asked of Foundation the first time a Presenter needs one.
///
/// Asking for them (ICU's calendar data) was a tenth of a cold start's instructions, and most
/// sessions either never render a weekday or render many, so they are looked up once, late.
final class WeekdayNames: Sendable {
    private let locale: Locale
    private let names = Mutex<[String]?>(nil)

    init(locale: Locale) {
        self.locale = locale
    }

    /// The name of `weekday`, 1 = Sunday … 7 = Saturday.
    func name(of weekday: Int) -> String {
        names.withLock { names in
            if names == nil {
                var calendar = Calendar(identifier: .gregorian)
                calendar.locale = locale
                names = calendar.standaloneWeekdaySymbols
            }
            return names![weekday - 1]
        }
    }
}
