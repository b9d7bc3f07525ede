public import ViperCore

/// The `flights.search` scene: where from, where to, which day, how many passengers.
public enum FlightSearchScene: SceneContract {
    public static let kind: SceneKind = "flights.search"
    /// What a View calls the scene and its parts, in the app's words, and what they mean to it.
    public static let presentation = ScenePresentation(
        title: "Find a flight",
        labels: ["fromChanged": "From", "toChanged": "To", "dateChanged": "Date", "passengersChanged": "Passengers", "searchTapped": "Search"],
        roles: ["problems": .problems])

    public enum Event: SceneEvent {
        /// The airport to fly from, by its code (any case).
        case fromChanged(code: String)
        /// The airport to fly to, by its code (any case).
        case toChanged(code: String)
        case dateChanged(date: CalendarDay)
        case passengersChanged(count: Int)
        /// Show the flights; with the form incomplete, every problem is listed instead.
        case searchTapped

        public enum CodingKeys: CodingKey, CaseIterable { case fromChanged, toChanged, dateChanged, passengersChanged, searchTapped }
    }

    public struct ViewModel: SceneViewModel, Equatable {
        /// The code as entered, in capitals.
        public let from: String
        /// The destination's code as entered, in capitals.
        public let to: String
        /// The day to fly; null until one is chosen.
        public let date: CalendarDay?
        /// How many passengers, as entered (1 at first); outside 1 to 9 it is one of the problems.
        public let passengers: Int
        /// Whether the form is complete and every rule holds.
        public let searchEnabled: Bool
        /// What is wrong with what was entered, in words the user reads; what is still missing
        /// too, once `searchTapped` has been tried.
        public let problems: [String]
    }
}

/// One change to the form.
enum FlightSearchChange: Sendable, Equatable {
    case from(String)
    case to(String)
    case date(CalendarDay)
    case passengers(Int)
}

/// The form as the Interactor checked it.
struct FlightSearchForm: Sendable, Equatable {
    let from: String
    let to: String
    let date: CalendarDay?
    let passengers: Int
    let problems: [SearchProblem]
    /// The search the form describes, when it is complete and every rule holds.
    let criteria: FlightSearchCriteria?
}

/// The search's Interactor, as its Presenter sees it.
protocol FlightSearchInteracting: Sendable {
    /// The form as it stands.
    func form() async -> FlightSearchForm
    /// Applies `change` and checks the form again.
    func apply(_ change: FlightSearchChange) async -> FlightSearchForm
    /// The user asked for the flights: from now on, what is missing is a problem too.
    func submit() async -> FlightSearchForm
}

/// The search's Router, as its Presenter sees it.
protocol FlightSearchRouting: Sendable {
    func showAvailability(for criteria: FlightSearchCriteria) async
}
