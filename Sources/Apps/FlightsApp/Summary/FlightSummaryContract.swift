public import ViperCore

/// The `flights.summary` scene: the flight picked, its total, and booking it.
public enum FlightSummaryScene: SceneContract {
    public static let kind: SceneKind = "flights.summary"
    /// What a View calls the scene and its parts, in the app's words, and what they mean to it.
    public static let presentation = ScenePresentation(
        title: "Your booking",
        labels: ["bookTapped": "Book", "destinationWeatherTapped": "Weather at the destination", "doneTapped": "Done", "flightNumber": "Flight", "total": "Total"],
        roles: ["state": .state(tones: ["ready": .settled, "booking": .busy, "booked": .good, "failed": .bad]), "errorMessage": .error])

    public enum Event: SceneEvent {
        /// Book the seats; once booked, tapping again books nothing more.
        case bookTapped
        /// Show the weather at the destination (Weather's forecast module, pushed).
        case destinationWeatherTapped
        /// Back to the search, popping every scene above it; before booking, the flight is left unbooked.
        case doneTapped

        public enum CodingKeys: CodingKey, CaseIterable { case bookTapped, destinationWeatherTapped, doneTapped }
    }

    public struct ViewModel: SceneViewModel, Equatable {
        /// The flight number ("EZY8012").
        public let flightNumber: String
        /// "London (LGW) → Paris (CDG)".
        public let route: String
        /// "YYYY-MM-DD HH:mm" at the airport it leaves from.
        public let departs: String
        /// "YYYY-MM-DD HH:mm" at the airport it lands at.
        public let arrives: String
        /// How many seats the booking is for, 1 to 9.
        public let passengers: Int
        /// For every passenger, as the session's locale writes money: the airline's own total
        /// once booked.
        public let total: String
        /// `ready`, `booking`, `booked` or `failed`.
        public let state: String
        /// Whether Book does anything: while booking, and once booked, it does not.
        public let bookEnabled: Bool
        /// The booking's reference once booked.
        public let reference: String?
        /// Why booking failed, naming the cause; null unless `state` is `failed`.
        public let errorMessage: String?
    }
}

/// Where the booking stands, as the Interactor reports it.
enum BookingPhase: Sendable, Equatable {
    case ready, booking
    case booked(Booking)
    case failed(FlightsFailure)
}

/// The summary's Interactor, as its Presenter sees it.
protocol FlightSummaryInteracting: Sendable {
    func phase() async -> BookingPhase
    /// Starts booking: `booking`, or nil when the flight is booked already (nothing is booked twice).
    func beginBooking() async -> BookingPhase?
    /// Books through the Service: `booked`, or `failed` with why.
    func finishBooking() async -> BookingPhase
    /// Whether the flight sold out and the user has seen it: then the summary has nothing more
    /// to offer. Answers true once.
    func takeSoldOut() async -> Bool
}

/// The summary's Router, as its Presenter sees it.
protocol FlightSummaryRouting: Sendable {
    /// Presents the alert that the flight sold out.
    func showSoldOut(_ message: String) async
    /// Pops the summary, uncovering the availability.
    func backToFlights() async
    /// Pops to the search.
    func finish() async
    /// Pushes the weather at `airport`.
    func showWeather(at airport: Airport) async
}
