import ViperCore

/// Drives the list: the saved places at once with where they are, then again with the weather
/// now; on top again (after the detail or the search), it loads once more.
struct WeatherListPresenter: EventHandler {
    typealias Scene = WeatherListScene

    let interactor: any WeatherListInteracting
    let router: any WeatherListRouting
    let view: any SceneView<WeatherListScene.ViewModel>
    let units: WeatherUnits

    func sceneDidAppear() async {
        await load()
        // A place another session of the workspace adds or removes shows here by itself.
        await interactor.whenOthersChangePlaces { await load() }
    }

    func sceneDidReappear() async {
        await load()
    }

    func refusal(of event: WeatherListScene.Event) async -> EventRefusal? {
        switch event {
        case .locationTapped(let id), .removeTapped(let id):
            guard await interactor.location(id: id) == nil else { return nil }
            return EventRefusal(field: "locationId", reason: "is not a saved location: '\(id)'")
        case .addTapped:
            return nil
        }
    }

    func handle(_ event: WeatherListScene.Event) async {
        switch event {
        case .locationTapped(let id):
            guard let location = await interactor.location(id: id) else { return }
            await router.showDetail(of: location)
        case .addTapped:
            await router.showAdd()
        case .removeTapped(let id):
            await show(await interactor.remove(id: id))
        }
    }

    private func load() async {
        await show(await interactor.loadSaved())
        if let refreshed = await interactor.refreshConditions() { await show(refreshed) }
    }

    private func show(_ listing: WeatherListing) async {
        await view.render(.init(
            locations: listing.locations.map { location in
                let detail = listing.conditions[location.id].map { conditions in
                    "\(units.temperature(conditions.temperature)), \(WeatherConditions.text(code: conditions.code))"
                }
                return .init(locationId: location.id, name: location.name, detail: detail ?? location.region)
            },
            errorMessage: listing.failure.map(WeatherMessages.text)))
    }
}
