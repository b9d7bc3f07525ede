public import ViperCore

/// The `flights.availability` scene: the flights of the route and day searched for, pushed by
/// the search. `view.back` pops it, and the search keeps what was entered.
public enum FlightAvailabilityScene: SceneContract {
    public static let kind: SceneKind = "flights.availability"
    /// What a View calls the scene and its parts, in the app's words, and what they mean to it.
    public static let presentation = ScenePresentation(
        title: "Flights",
        emptyText: "No flights that day.",
        labels: ["flightTapped": "Choose", "refreshTapped": "Refresh", "seatsLeft": "Seats left"],
        roles: [
            "state": .state(tones: ["loading": .busy, "loaded": .settled, "failed": .bad]), "errorMessage": .error,
            "flightId": .identifier, "number": .heading, "selectable": .available,
        ],
        eventRoles: ["refreshTapped": .secondary])

    public enum Event: SceneEvent {
        /// Pick a flight: its summary is pushed.
        case flightTapped(flightId: String)
        /// Load the flights again.
        case refreshTapped

        public enum CodingKeys: CodingKey, CaseIterable { case flightTapped, refreshTapped }
    }

    public struct ViewModel: SceneViewModel, Equatable {
        /// "London (LGW) → Paris (CDG)".
        public let route: String
        /// The day of departure searched for.
        public let date: CalendarDay
        /// How many passengers the search is for, 1 to 9.
        public let passengers: Int
        /// `loading`, `loaded` or `failed`.
        public let state: String
        /// In the Service's order; while loading or after a failure, those shown before.
        public let flights: [Row]
        /// Why loading failed, naming the cause; null unless `state` is `failed`.
        public let errorMessage: String?
    }

    /// One flight.
    public struct Row: Codable, Sendable, Equatable {
        /// The flight's id, as `flightTapped` names it.
        public let flightId: String
        /// The flight number ("EZY8012").
        public let number: String
        /// "HH:mm" at the airport it leaves from.
        public let departs: String
        /// "HH:mm" at the airport it lands at.
        public let arrives: String
        /// "1h 25m".
        public let duration: String
        /// For one passenger, in the flight's currency, as the session's locale writes money.
        public let price: String
        /// Seats still for sale on the flight.
        public let seatsLeft: Int
        /// False when fewer seats than passengers are left.
        public let selectable: Bool
    }
}

/// What the availability shows, as the Interactor reports it.
struct FlightAvailabilityListing: Sendable, Equatable {
    enum Phase: Sendable, Equatable {
        case loading, loaded
        case failed(FlightsFailure)
    }

    let phase: Phase
    let flights: [Flight]
}

/// The availability's Interactor, as its Presenter sees it.
protocol FlightAvailabilityInteracting: Sendable {
    /// Starts a load: the listing to show while it runs, with the flights shown before.
    func beginLoading() async -> FlightAvailabilityListing
    /// Runs the load `beginLoading` started: the flights, or the failure with those shown before.
    func finishLoading() async -> FlightAvailabilityListing
    /// The flight of the list with `id`.
    func flight(id: String) async -> Flight?
    /// Calls `booked` each time another session of the workspace, here or on another process,
    /// books a flight, for as long as the scene lives.
    func whenOthersBook(_ booked: @escaping @Sendable () async -> Void) async
}

/// The availability's Router, as its Presenter sees it.
protocol FlightAvailabilityRouting: Sendable {
    func showSummary(of flight: Flight, for criteria: FlightSearchCriteria) async
}
