import CustomDump
import Foundation
import AppTestSupport
import Testing
import ViperCore

@testable import WeatherApp

/// The list Presenter as a unit: a scripted Interactor, the Router and the View recorded in one
/// log, the session in `locale`.
private struct Fixture {
    let log = EventLog()
    let interactor: StubWeatherListInteractor
    let router: RecordingWeatherListRouter
    let view: RecordingView<WeatherListScene.ViewModel>
    let presenter: WeatherListPresenter

    init(saved: WeatherListing = savedTwo, refreshed: WeatherListing? = refreshedTwo, locale: String = "en_GB") {
        interactor = StubWeatherListInteractor(saved: saved, refreshed: refreshed, log: log)
        router = RecordingWeatherListRouter(log: log)
        view = RecordingView(log: log)
        presenter = WeatherListPresenter(interactor: interactor, router: router, view: view, units: WeatherUnits(locale: Locale(identifier: locale)))
    }

    /// Appears, then forgets what that rendered and logged, so a test sees only what follows.
    func appear() async {
        await presenter.sceneDidAppear()
        view.clear()
        log.clear()
    }
}

/// Lisbon and Reykjavík as saved, before their weather has loaded.
private let savedTwo = WeatherListing(locations: [Places.lisbon, Places.reykjavik], conditions: [:], failure: nil)

/// Lisbon and Reykjavík with their weather now.
private let refreshedTwo = WeatherListing(
    locations: [Places.lisbon, Places.reykjavik],
    conditions: [Places.lisbon.id: SampleWeather.lisbonNow, Places.reykjavik.id: SampleWeather.reykjavikNow], failure: nil)

/// A row of the list.
private func row(_ place: WeatherLocation, _ detail: String) -> WeatherListScene.Row {
    WeatherListScene.Row(locationId: place.id, name: place.name, detail: detail)
}

/// The list with Lisbon and Reykjavík where they are, before their weather has loaded.
private let regions = WeatherListScene.ViewModel(
    locations: [row(Places.lisbon, "Lisbon, Portugal"), row(Places.reykjavik, "Capital Region, Iceland")], errorMessage: nil)

@Suite("The list Presenter: the saved places where they are, then with their weather; opening, adding, removing")
struct WeatherListPresenterTests {
    // MARK: Loading

    @Test("Appearing shows the places with \"Region, Country\" at once, then with the weather now in °C for en_GB")
    func appearInCelsius() async {
        let fixture = Fixture()
        await fixture.presenter.sceneDidAppear()
        expectNoDifference(
            fixture.view.renders,
            [
                regions,
                WeatherListScene.ViewModel(
                    locations: [row(Places.lisbon, "12°C, Partly cloudy"), row(Places.reykjavik, "0°C, Light snow")], errorMessage: nil),
            ])
        #expect(fixture.log.all == ["loadSaved", "render", "refreshConditions", "render"])
    }

    @Test("In en_US the weather now is in °F")
    func appearInFahrenheit() async {
        let fixture = Fixture(locale: "en_US")
        await fixture.presenter.sceneDidAppear()
        expectNoDifference(
            fixture.view.renders.last,
            WeatherListScene.ViewModel(
                locations: [row(Places.lisbon, "54°F, Partly cloudy"), row(Places.reykjavik, "31°F, Light snow")], errorMessage: nil))
    }

    @Test("In fr_FR the weather now is in °C")
    func appearInFrench() async {
        let fixture = Fixture(locale: "fr_FR")
        await fixture.presenter.sceneDidAppear()
        #expect(fixture.view.renders.last?.locations.map(\.detail) == ["12°C, Partly cloudy", "0°C, Light snow"])
    }

    @Test("With nothing to refresh, the places are shown once")
    func nothingToRefresh() async {
        let fixture = Fixture(saved: WeatherListing(locations: [], conditions: [:], failure: nil), refreshed: nil)
        await fixture.presenter.sceneDidAppear()
        #expect(fixture.view.renders == [WeatherListScene.ViewModel(locations: [], errorMessage: nil)])
        #expect(fixture.log.all == ["loadSaved", "render", "refreshConditions"])
    }

    @Test("A refresh that fails part way shows the weather loaded, \"Region, Country\" for the rest, and why")
    func refreshFailsPartWay() async {
        let failure = WeatherFailure.unreachable("connection refused")
        let fixture = Fixture(
            refreshed: WeatherListing(
                locations: [Places.lisbon, Places.reykjavik], conditions: [Places.lisbon.id: SampleWeather.lisbonNow], failure: failure))
        await fixture.presenter.sceneDidAppear()
        expectNoDifference(
            fixture.view.renders,
            [
                regions,
                WeatherListScene.ViewModel(
                    locations: [row(Places.lisbon, "12°C, Partly cloudy"), row(Places.reykjavik, "Capital Region, Iceland")],
                    errorMessage: "The weather server could not be reached (connection refused)."),
            ])
    }

    @Test("Places that cannot be read show an empty list with why")
    func storageFailure() async {
        let fixture = Fixture(saved: WeatherListing(locations: [], conditions: [:], failure: .storage("disk I/O error")), refreshed: nil)
        await fixture.presenter.sceneDidAppear()
        #expect(
            fixture.view.renders == [
                WeatherListScene.ViewModel(locations: [], errorMessage: "Your saved places could not be read or changed (disk I/O error).")
            ])
    }

    @Test("A place with a code outside the table shows its conditions as unknown")
    func unknownCode() async {
        let fixture = Fixture(
            saved: WeatherListing(locations: [Places.lisbon], conditions: [:], failure: nil),
            refreshed: WeatherListing(
                locations: [Places.lisbon], conditions: [Places.lisbon.id: CurrentConditions(temperature: 9.5, code: 4, windSpeed: 1)],
                failure: nil))
        await fixture.presenter.sceneDidAppear()
        #expect(fixture.view.renders.last?.locations == [row(Places.lisbon, "10°C, Unknown conditions (code 4)")])
    }

    @Test("On top again, the list loads once more, showing what was saved meanwhile")
    func reloadOnReappear() async {
        let fixture = Fixture()
        await fixture.appear()
        fixture.interactor.willLoad(
            WeatherListing(locations: [Places.lisbon, Places.reykjavik, Places.wellington], conditions: [:], failure: nil),
            refreshed: WeatherListing(
                locations: [Places.lisbon, Places.reykjavik, Places.wellington],
                conditions: [
                    Places.lisbon.id: SampleWeather.lisbonNow, Places.reykjavik.id: SampleWeather.reykjavikNow,
                    Places.wellington.id: SampleWeather.wellingtonNow,
                ], failure: nil))
        await fixture.presenter.sceneDidReappear()
        expectNoDifference(
            fixture.view.renders,
            [
                WeatherListScene.ViewModel(
                    locations: [
                        row(Places.lisbon, "Lisbon, Portugal"), row(Places.reykjavik, "Capital Region, Iceland"),
                        row(Places.wellington, "Wellington, New Zealand"),
                    ], errorMessage: nil),
                WeatherListScene.ViewModel(
                    locations: [
                        row(Places.lisbon, "12°C, Partly cloudy"), row(Places.reykjavik, "0°C, Light snow"),
                        row(Places.wellington, "17°C, Light rain"),
                    ], errorMessage: nil),
            ])
        #expect(fixture.log.all == ["loadSaved", "render", "refreshConditions", "render"])
    }

    // MARK: Events

    @Test("Tapping a place asks the Router for its detail, with the place, and shows nothing")
    func locationTapped() async {
        let fixture = Fixture()
        await fixture.appear()
        await fixture.presenter.handle(.locationTapped(locationId: Places.reykjavik.id))
        #expect(fixture.router.detailsShown == [Places.reykjavik])
        #expect(fixture.view.renders.isEmpty)
        #expect(fixture.log.all == ["showDetail: 3413829"])
    }

    @Test("Tapping an id that is not a saved place does nothing")
    func unknownLocationTapped() async {
        let fixture = Fixture()
        await fixture.appear()
        await fixture.presenter.handle(.locationTapped(locationId: "x"))
        #expect(fixture.router.detailsShown.isEmpty)
        #expect(fixture.log.all.isEmpty)
    }

    @Test("Tapping add asks the Router for the search, and shows nothing")
    func addTapped() async {
        let fixture = Fixture()
        await fixture.appear()
        await fixture.presenter.handle(.addTapped)
        #expect(fixture.router.addsShown == 1)
        #expect(fixture.router.detailsShown.isEmpty)
        #expect(fixture.log.all == ["showAdd"])
    }

    @Test("Removing a place shows the list the Interactor gives, without loading again")
    func removeTapped() async {
        let fixture = Fixture()
        await fixture.appear()
        fixture.interactor.willRemove(
            giving: WeatherListing(locations: [Places.reykjavik], conditions: [Places.reykjavik.id: SampleWeather.reykjavikNow], failure: nil))
        await fixture.presenter.handle(.removeTapped(locationId: Places.lisbon.id))
        #expect(fixture.view.renders == [WeatherListScene.ViewModel(locations: [row(Places.reykjavik, "0°C, Light snow")], errorMessage: nil)])
        #expect(fixture.log.all == ["remove: 2267057", "render"])
    }

    @Test("A removal that fails shows the list as it was, with why")
    func removeFails() async {
        let fixture = Fixture()
        await fixture.appear()
        fixture.interactor.willRemove(
            giving: WeatherListing(
                locations: refreshedTwo.locations, conditions: refreshedTwo.conditions, failure: .storage("database or disk is full")))
        await fixture.presenter.handle(.removeTapped(locationId: Places.lisbon.id))
        expectNoDifference(
            fixture.view.renders,
            [
                WeatherListScene.ViewModel(
                    locations: [row(Places.lisbon, "12°C, Partly cloudy"), row(Places.reykjavik, "0°C, Light snow")],
                    errorMessage: "Your saved places could not be read or changed (database or disk is full).")
            ])
    }

    @Test("An id that is not a saved place is refused on locationId, for opening and for removing; add is never refused")
    func refusals() async {
        let fixture = Fixture()
        await fixture.appear()
        #expect(
            await fixture.presenter.refusal(of: .locationTapped(locationId: "x"))
                == EventRefusal(field: "locationId", reason: "is not a saved location: 'x'"))
        #expect(
            await fixture.presenter.refusal(of: .removeTapped(locationId: "9999"))
                == EventRefusal(field: "locationId", reason: "is not a saved location: '9999'"))
        #expect(await fixture.presenter.refusal(of: .locationTapped(locationId: Places.lisbon.id)) == nil)
        #expect(await fixture.presenter.refusal(of: .removeTapped(locationId: Places.reykjavik.id)) == nil)
        #expect(await fixture.presenter.refusal(of: .addTapped) == nil)
        #expect(fixture.log.all.isEmpty)
    }
}
