import ViperCore

/// Dismisses the search; the list, on top again, loads what was saved.
struct WeatherAddRouter: WeatherAddRouting {
    let navigator: Navigator

    func close() async {
        await navigator.dismiss()
    }
}
