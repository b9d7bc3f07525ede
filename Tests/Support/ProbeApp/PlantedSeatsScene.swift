public import ViperCore

/// `planted.seats`: six seats to choose from, one per passenger, before `continueTapped`
/// pushes `planted.pay` with the seats chosen. The second of three screens.
public enum PlantedSeatsScene: SceneContract {
    public static let kind: SceneKind = "planted.seats"
    public static let presentation = ScenePresentation(roles: ["seatId": .identifier, "free": .available])

    public enum Event: SceneEvent {
        /// Chooses the seat, or gives it back when it was chosen.
        case seatTapped(seatId: String)
        case continueTapped

        public enum CodingKeys: CodingKey, CaseIterable { case seatTapped, continueTapped }
    }

    public struct ViewModel: SceneViewModel {
        public let seats: [Seat]
        /// How many seats are still to choose.
        public let toChoose: Int
        public let continueEnabled: Bool
    }

    public struct Seat: Codable, Sendable {
        public let seatId: String
        public let chosen: Bool
        public let free: Bool
    }
}

struct PlantedSeatsBuilder: ModuleBuilder {
    let bugs: PlantedBugs

    func build(with input: Int, context: ModuleContext<PlantedSeatsScene>) -> any EventHandler<PlantedSeatsScene> {
        PlantedSeatsHandler(context: context, passengers: input, bugs: bugs)
    }
}

struct PlantedSeatsHandler: EventHandler {
    typealias Scene = PlantedSeatsScene
    static let seats = ["1A", "1B", "1C", "1D", "1E", "1F"]

    let context: ModuleContext<PlantedSeatsScene>
    let passengers: Int
    let bugs: PlantedBugs
    private let chosen = ProbeState<[String]>([])

    init(context: ModuleContext<PlantedSeatsScene>, passengers: Int, bugs: PlantedBugs) {
        self.context = context
        self.passengers = passengers
        self.bugs = bugs
    }

    func sceneDidAppear() async {
        await context.view.render(viewModel(chosen.value))
    }

    func handle(_ event: PlantedSeatsScene.Event) async {
        switch event {
        case .seatTapped(let seat):
            guard Self.seats.contains(seat) else { return }
            let now = chosen.update { chosen in
                if let index = chosen.firstIndex(of: seat) {
                    chosen.remove(at: index)
                } else if chosen.count < passengers {
                    chosen.append(seat)
                }
            }
            await context.view.render(viewModel(now))
        case .continueTapped:
            guard chosen.value.count == passengers else { return }
            await context.navigator.push(PlantedPayBuilder(bugs: bugs), with: chosen.value)
        }
    }

    private func viewModel(_ chosen: [String]) -> PlantedSeatsScene.ViewModel {
        .init(
            seats: Self.seats.map { .init(seatId: $0, chosen: chosen.contains($0), free: true) }, toChoose: passengers - chosen.count,
            continueEnabled: chosen.count == passengers)
    }
}
