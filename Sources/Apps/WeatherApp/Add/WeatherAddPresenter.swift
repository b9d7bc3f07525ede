import ViperCore

/// Drives the search: "searching" as soon as the query is long enough, then the places found;
/// a place tapped is saved and the search leaves, unless saving failed.
struct WeatherAddPresenter: EventHandler {
    typealias Scene = WeatherAddScene

    let interactor: any WeatherAddInteracting
    let router: any WeatherAddRouting
    let view: any SceneView<WeatherAddScene.ViewModel>

    func sceneDidAppear() async {
        await show(await interactor.begin(query: ""))
    }

    func refusal(of event: WeatherAddScene.Event) async -> EventRefusal? {
        guard case .resultTapped(let id) = event, await interactor.result(id: id) == nil else { return nil }
        return EventRefusal(field: "resultId", reason: "is not a place of the results: '\(id)'")
    }

    func handle(_ event: WeatherAddScene.Event) async {
        switch event {
        case .queryChanged(let query):
            await show(await interactor.begin(query: query))
            if let found = await interactor.finish() { await show(found) }
        case .resultTapped(let id):
            guard await interactor.result(id: id) != nil else { return }
            if let failed = await interactor.save(id: id) {
                await show(failed)
            } else {
                await router.close()
            }
        case .cancelTapped:
            await router.close()
        }
    }

    private func show(_ search: WeatherSearch) async {
        await view.render(.init(
            query: search.query,
            results: search.results.map { .init(resultId: $0.id, name: $0.name, detail: $0.region) },
            isSearching: search.isSearching, errorMessage: search.failure.map(WeatherMessages.text)))
    }
}
