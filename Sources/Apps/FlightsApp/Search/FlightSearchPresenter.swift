import ViperCore

/// Drives the search form: each change is checked at once, and the flights are shown when the
/// form is complete; tapping search on an incomplete form lists what is missing.
struct FlightSearchPresenter: EventHandler {
    typealias Scene = FlightSearchScene

    let interactor: any FlightSearchInteracting
    let router: any FlightSearchRouting
    let view: any SceneView<FlightSearchScene.ViewModel>

    func sceneDidAppear() async {
        await show(await interactor.form())
    }

    func handle(_ event: FlightSearchScene.Event) async {
        switch event {
        case .fromChanged(let code): await show(await interactor.apply(.from(code)))
        case .toChanged(let code): await show(await interactor.apply(.to(code)))
        case .dateChanged(let date): await show(await interactor.apply(.date(date)))
        case .passengersChanged(let count): await show(await interactor.apply(.passengers(count)))
        case .searchTapped:
            let form = await interactor.submit()
            if let criteria = form.criteria {
                await router.showAvailability(for: criteria)
            } else {
                await show(form)
            }
        }
    }

    private func show(_ form: FlightSearchForm) async {
        await view.render(.init(
            from: form.from, to: form.to, date: form.date, passengers: form.passengers, searchEnabled: form.criteria != nil,
            problems: form.problems.map(Self.text)))
    }

    static func text(_ problem: SearchProblem) -> String {
        switch problem {
        case .missingAirport(.from): "Choose an airport to fly from."
        case .missingAirport(.to): "Choose an airport to fly to."
        case .malformedCode(_, let code): "'\(code)' is not an airport code: three letters, such as LGW."
        case .unknownAirport(_, let code): "The airline knows no airport with the code \(code)."
        case .sameAirports: "The airports to fly from and to must differ."
        case .missingDate: "Choose a day to fly."
        case .pastDate(let day): "\(day) has passed: choose today or a later day."
        case .passengers(let count): "A booking is for 1 to 9 passengers, not \(count)."
        case .airportsUnavailable(let failure): "The airport codes could not be checked. \(FlightsMessages.text(failure))"
        }
    }
}
