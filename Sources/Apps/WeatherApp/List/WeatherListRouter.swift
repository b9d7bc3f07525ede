import ViperCore

/// Pushes a place's forecast, handing it the place, and presents the search for a new one.
struct WeatherListRouter: WeatherListRouting {
    let navigator: Navigator
    let detail: WeatherDetailBuilder
    let add: WeatherAddBuilder

    func showDetail(of location: WeatherLocation) async {
        await navigator.push(detail, with: location)
    }

    func showAdd() async {
        await navigator.present(add)
    }
}
