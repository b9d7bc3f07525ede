public import ViperCore

/// `planted.trip`: a form of four fields that must all be filled right (a name of three
/// letters or more, one to nine passengers, a day within the year ahead, a known airport)
/// before `nextTapped` pushes `planted.seats`: the first of three screens in front of the
/// planted bugs of `planted.pay`.
public enum PlantedTripScene: SceneContract {
    public static let kind: SceneKind = "planted.trip"
    public static let presentation = ScenePresentation(roles: ["problems": .problems])

    public enum Event: SceneEvent {
        case travellerChanged(name: String)
        case passengersChanged(count: Int)
        case dayChanged(day: CalendarDay)
        case airportChanged(code: String)
        case nextTapped

        public enum CodingKeys: CodingKey, CaseIterable { case travellerChanged, passengersChanged, dayChanged, airportChanged, nextTapped }
    }

    public struct ViewModel: SceneViewModel {
        public let traveller: String
        public let passengers: Int
        public let day: CalendarDay?
        public let airport: String
        /// What is still wrong with the form, one sentence each.
        public let problems: [String]
        public let nextEnabled: Bool
    }
}

struct PlantedTripBuilder: ModuleBuilder {
    let bugs: PlantedBugs

    func build(with input: Void, context: ModuleContext<PlantedTripScene>) -> any EventHandler<PlantedTripScene> {
        PlantedTripHandler(context: context, bugs: bugs)
    }
}

/// What the trip form holds.
struct PlantedTrip: Sendable {
    var traveller = ""
    var passengers = 0
    var day: CalendarDay?
    var airport = ""
}

struct PlantedTripHandler: EventHandler {
    typealias Scene = PlantedTripScene

    let context: ModuleContext<PlantedTripScene>
    let bugs: PlantedBugs
    private let trip = ProbeState(PlantedTrip())

    init(context: ModuleContext<PlantedTripScene>, bugs: PlantedBugs) {
        self.context = context
        self.bugs = bugs
    }

    func sceneDidAppear() async {
        await context.view.render(viewModel(trip.value))
    }

    func handle(_ event: PlantedTripScene.Event) async {
        switch event {
        case .travellerChanged(let name): trip.update { $0.traveller = name }
        case .passengersChanged(let count): trip.update { $0.passengers = count }
        case .dayChanged(let day): trip.update { $0.day = day }
        case .airportChanged(let code): trip.update { $0.airport = code }
        case .nextTapped:
            guard problems(of: trip.value).isEmpty else { return }
            await context.navigator.push(PlantedSeatsBuilder(bugs: bugs), with: trip.value.passengers)
            return
        }
        await context.view.render(viewModel(trip.value))
    }

    private func viewModel(_ trip: PlantedTrip) -> PlantedTripScene.ViewModel {
        let problems = problems(of: trip)
        return .init(
            traveller: trip.traveller, passengers: trip.passengers, day: trip.day, airport: trip.airport, problems: problems,
            nextEnabled: problems.isEmpty)
    }

    private func problems(of trip: PlantedTrip) -> [String] {
        var problems: [String] = []
        if trip.traveller.filter(\.isLetter).count < 3 { problems.append("The traveller's name needs three letters or more.") }
        if !(1...9).contains(trip.passengers) { problems.append("Travel with one to nine passengers.") }
        let today = context.calendar.day(of: context.clock.now)
        if trip.day.map({ $0 < today || $0 > today.adding(days: 365) }) ?? true { problems.append("Choose a day within the year ahead.") }
        if !["CDG", "LGW"].contains(trip.airport) { problems.append("Choose an airport the trip flies from.") }
        return problems
    }
}
