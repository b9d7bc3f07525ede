import ViperCore

/// A rule of the search form that does not hold, as the Interactor finds it.
enum SearchProblem: Sendable, Equatable {
    /// Which airport of the search.
    enum End: Sendable, Equatable {
        case from, to
    }

    case missingAirport(End)
    /// Not three letters.
    case malformedCode(End, String)
    /// No airport the airports Service lists has that code.
    case unknownAirport(End, String)
    case sameAirports
    case missingDate
    /// The day before today in the session's calendar.
    case pastDate(CalendarDay)
    /// Not 1 to 9.
    case passengers(Int)
    /// The airports could not be listed, so the codes could not be checked.
    case airportsUnavailable(FlightsFailure)
}
