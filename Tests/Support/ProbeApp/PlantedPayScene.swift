public import ViperCore

/// `planted.pay`: the price of the seats chosen, a coupon, terms to agree to, and `payTapped`.
/// Two planted bugs, three screens and ten events deep: paying for the window seat at the end
/// of the row (1F) reads past the end of the row and crashes; and each tap of the coupon takes
/// 100 off again, until the total is below zero, which breaks the app's invariant
/// `planted.total-never-negative`.
public enum PlantedPayScene: SceneContract {
    public static let kind: SceneKind = "planted.pay"

    public enum Event: SceneEvent {
        case couponTapped
        case agreedChanged(agreed: Bool)
        case payTapped

        public enum CodingKeys: CodingKey, CaseIterable { case couponTapped, agreedChanged, payTapped }
    }

    public struct ViewModel: SceneViewModel {
        public let seats: [String]
        /// In whole euros: 120 a seat, less the coupon.
        public let total: Int
        public let agreed: Bool
        public let payEnabled: Bool
        public let paid: Bool
    }
}

struct PlantedPayBuilder: ModuleBuilder {
    let bugs: PlantedBugs

    func build(with input: [String], context: ModuleContext<PlantedPayScene>) -> any EventHandler<PlantedPayScene> {
        PlantedPayHandler(context: context, seats: input, bugs: bugs)
    }
}

struct PlantedPayHandler: EventHandler {
    typealias Scene = PlantedPayScene

    /// What the pay screen holds.
    struct Payment: Sendable {
        var coupons = 0
        var agreed = false
        var paid = false
    }

    let context: ModuleContext<PlantedPayScene>
    let seats: [String]
    let bugs: PlantedBugs
    private let payment = ProbeState(Payment())

    init(context: ModuleContext<PlantedPayScene>, seats: [String], bugs: PlantedBugs) {
        self.context = context
        self.seats = seats
        self.bugs = bugs
    }

    func sceneDidAppear() async {
        await context.view.render(viewModel(payment.value))
    }

    func handle(_ event: PlantedPayScene.Event) async {
        switch event {
        case .couponTapped:
            // The planted bug: the coupon is taken off again at every tap, where it should be
            // taken off once.
            payment.update { $0.coupons = bugs.keepsInvariant ? 1 : $0.coupons + 1 }
        case .agreedChanged(let agreed):
            payment.update { $0.agreed = agreed }
        case .payTapped:
            guard payment.value.agreed else { return }
            // The planted crash: the seat beside each one chosen, read past the end of the row.
            let row = PlantedSeatsHandler.seats
            for seat in seats {
                guard let index = row.firstIndex(of: seat) else { continue }
                if bugs.crashes || index + 1 < row.count { _ = row[index + 1] }
            }
            payment.update { $0.paid = true }
        }
        await context.view.render(viewModel(payment.value))
    }

    private func viewModel(_ payment: Payment) -> PlantedPayScene.ViewModel {
        .init(
            seats: seats, total: 120 * seats.count - 100 * payment.coupons, agreed: payment.agreed,
            payEnabled: payment.agreed && !payment.paid, paid: payment.paid)
    }
}
