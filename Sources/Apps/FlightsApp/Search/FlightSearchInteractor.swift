import ViperCore

/// Keeps the search form and checks it against the rules: both airports known to the airports
/// Service, different, a day not before today, 1 to 9 passengers. The airports are listed once,
/// when a code first needs checking, and again after a failure.
actor FlightSearchInteractor: FlightSearchInteracting {
    static let passengerRange = 1...9

    private let service: any FlightsService
    private let clock: any WallClock
    private let calendar: DayCalendar
    private var from = ""
    private var to = ""
    private var date: CalendarDay?
    private var passengers = 1
    private var airports: [String: Airport]?

    init(service: any FlightsService, clock: any WallClock, calendar: DayCalendar) {
        self.service = service
        self.clock = clock
        self.calendar = calendar
    }

    func form() async -> FlightSearchForm {
        await checked()
    }

    func apply(_ change: FlightSearchChange) async -> FlightSearchForm {
        switch change {
        case .from(let code): from = Self.normalized(code)
        case .to(let code): to = Self.normalized(code)
        case .date(let day): date = day
        case .passengers(let count): passengers = count
        }
        return await checked()
    }

    func submit() async -> FlightSearchForm {
        await checked()
    }

    private func checked() async -> FlightSearchForm {
        var problems: [SearchProblem] = []
        var found: [SearchProblem.End: Airport] = [:]
        // One listing per check at most, even when it fails: a server that times out would
        // otherwise make the user wait once per code.
        let listing = Self.isCode(from) || Self.isCode(to) ? await knownAirports() : nil
        for (end, code) in [(SearchProblem.End.from, from), (.to, to)] {
            // What is missing is said from the start: a Search that stays disabled says why.
            if code.isEmpty {
                problems.append(.missingAirport(end))
            } else if !Self.isCode(code) {
                problems.append(.malformedCode(end, code))
            } else if case .success(let known) = listing {
                if let airport = known[code] { found[end] = airport } else { problems.append(.unknownAirport(end, code)) }
            }
        }
        if case .failure(let failure) = listing { problems.append(.airportsUnavailable(failure)) }
        if Self.isCode(from), from == to { problems.append(.sameAirports) }
        let today = calendar.day(of: clock.now)
        if let date, date < today {
            problems.append(.pastDate(date))
        } else if date == nil {
            problems.append(.missingDate)
        }
        if !Self.passengerRange.contains(passengers) { problems.append(.passengers(passengers)) }
        var criteria: FlightSearchCriteria?
        if problems.isEmpty, let origin = found[.from], let destination = found[.to], let date {
            criteria = FlightSearchCriteria(from: origin, to: destination, date: date, passengers: passengers)
        }
        return FlightSearchForm(from: from, to: to, date: date, passengers: passengers, problems: problems, criteria: criteria)
    }

    /// The airports by code: listed by the Service the first time, kept once listed.
    private func knownAirports() async -> Result<[String: Airport], FlightsFailure> {
        if let airports { return .success(airports) }
        do {
            let listed = try await service.airports()
            let byCode = Dictionary(listed.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })
            airports = byCode
            return .success(byCode)
        } catch {
            return .failure(error)
        }
    }

    private static func normalized(_ code: String) -> String {
        code.trimmingWhitespace.uppercased()
    }

    /// Three ASCII letters, as IATA airport codes are.
    private static func isCode(_ code: String) -> Bool {
        code.utf8.count == 3 && code.utf8.allSatisfy { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }
    }
}
