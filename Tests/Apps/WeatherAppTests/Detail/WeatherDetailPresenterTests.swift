import CustomDump
import Foundation
import AppTestSupport
import Testing
import ViperCore

@testable import WeatherApp

/// The detail module for Lisbon as a unit: the real Presenter and Interactor over a scripted
/// forecast Service, the clock at `testNow` (Monday 23 November 2026, 09:00 UTC), the session
/// in `calendar`.
private struct Fixture {
    let service = StubForecastService()
    let view = RecordingView<WeatherDetailScene.ViewModel>()
    let presenter: WeatherDetailPresenter

    init(calendar: DayCalendar = testCalendar(timeZone: "Europe/Lisbon", locale: "en_GB")) {
        presenter = WeatherDetailPresenter(
            location: Places.lisbon,
            interactor: WeatherDetailInteractor(location: Places.lisbon, service: service, clock: FixedClock(testNow), calendar: calendar),
            view: view, units: WeatherUnits(locale: calendar.locale), calendar: calendar)
    }
}

/// Lisbon's detail in `state`, with `current` and `days`.
private func detail(
    _ state: String, current: WeatherDetailScene.Current? = nil, days: [WeatherDetailScene.Day] = [], error: String? = nil
) -> WeatherDetailScene.ViewModel {
    WeatherDetailScene.ViewModel(
        locationId: "2267057", name: "Lisbon", region: "Lisbon, Portugal", current: current, days: days, state: state, errorMessage: error)
}

/// A day of the detail.
private func day(_ text: String, _ weekday: String, _ high: String, _ low: String, _ conditions: String) -> WeatherDetailScene.Day {
    WeatherDetailScene.Day(day: calendarDay(text), weekday: weekday, high: high, low: low, conditions: conditions)
}

/// Lisbon now, in en_GB's units.
private let lisbonNowInGB = WeatherDetailScene.Current(temperature: "12°C", conditions: "Partly cloudy", wind: "9 mph")

/// Lisbon's week from Monday 23 November 2026, in en_GB's units and words.
private let lisbonWeekInGB = [
    day("2026-11-23", "Monday", "15°C", "10°C", "Partly cloudy"),
    day("2026-11-24", "Tuesday", "16°C", "10°C", "Light rain"),
    day("2026-11-25", "Wednesday", "15°C", "8°C", "Rain"),
    day("2026-11-26", "Thursday", "14°C", "7°C", "Overcast"),
    day("2026-11-27", "Friday", "15°C", "9°C", "Mainly clear"),
    day("2026-11-28", "Saturday", "17°C", "11°C", "Clear sky"),
    day("2026-11-29", "Sunday", "17°C", "11°C", "Rain showers"),
]

@Suite("The detail Presenter: loading with what it showed, then the forecast in the session's units and words, or why not")
struct WeatherDetailPresenterTests {
    // MARK: Loading

    @Test("Appearing shows loading with nothing yet, then the weather now and seven named days, in en_GB's units")
    func appearLoads() async {
        let fixture = Fixture()
        fixture.service.willAnswer(.success(SampleWeather.lisbonForecast(from: "2026-11-22", through: "2026-11-30")))
        await fixture.presenter.sceneDidAppear()
        expectNoDifference(fixture.view.renders, [detail("loading"), detail("loaded", current: lisbonNowInGB, days: lisbonWeekInGB)])
        #expect(fixture.service.requests == [StubForecastService.Request(
            location: Places.lisbon, days: calendarDay("2026-11-23")...calendarDay("2026-11-29"), timeZone: "Europe/Lisbon")])
    }

    @Test("In en_US, temperatures are in °F and wind in mph")
    func americanUnits() async {
        let fixture = Fixture(calendar: testCalendar(timeZone: "America/New_York", locale: "en_US"))
        fixture.service.willAnswer(.success(SampleWeather.lisbonForecast(from: "2026-11-23", through: "2026-11-24")))
        await fixture.presenter.sceneDidAppear()
        expectNoDifference(
            fixture.view.renders.last,
            detail(
                "loaded", current: WeatherDetailScene.Current(temperature: "54°F", conditions: "Partly cloudy", wind: "9 mph"),
                days: [
                    day("2026-11-23", "Monday", "60°F", "49°F", "Partly cloudy"),
                    day("2026-11-24", "Tuesday", "61°F", "50°F", "Light rain"),
                ]))
    }

    @Test("In fr_FR, weekdays are French and wind is in km/h")
    func frenchWords() async {
        let fixture = Fixture(calendar: testCalendar(timeZone: "Europe/Paris", firstWeekday: 2, locale: "fr_FR"))
        fixture.service.willAnswer(.success(SampleWeather.lisbonForecast(from: "2026-11-23", through: "2026-11-24")))
        await fixture.presenter.sceneDidAppear()
        expectNoDifference(
            fixture.view.renders.last,
            detail(
                "loaded", current: WeatherDetailScene.Current(temperature: "12°C", conditions: "Partly cloudy", wind: "14 km/h"),
                days: [
                    day("2026-11-23", "lundi", "15°C", "10°C", "Partly cloudy"),
                    day("2026-11-24", "mardi", "16°C", "10°C", "Light rain"),
                ]))
    }

    @Test("The days start from the session's today: in Auckland, already Tuesday")
    func daysFromSessionToday() async {
        let calendar = testCalendar(timeZone: "Pacific/Auckland", locale: "en_GB")
        let service = StubForecastService()
        let view = RecordingView<WeatherDetailScene.ViewModel>()
        let presenter = WeatherDetailPresenter(
            location: Places.lisbon,
            interactor: WeatherDetailInteractor(
                location: Places.lisbon, service: service, clock: FixedClock("2026-11-23T12:00:00Z"), calendar: calendar),
            view: view, units: WeatherUnits(locale: calendar.locale), calendar: calendar)
        service.willAnswer(.success(SampleWeather.lisbonForecast(from: "2026-11-23", through: "2026-11-30")))
        await presenter.sceneDidAppear()
        let last = view.renders.last
        #expect(last?.days.map(\.day.description) == ["2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27", "2026-11-28", "2026-11-29", "2026-11-30"])
        #expect(last?.days.first?.weekday == "Tuesday")
        #expect(last?.days.last == day("2026-11-30", "Monday", "16°C", "10°C", "Drizzle"))
    }

    // MARK: Failing

    @Test("A first load that fails shows nothing but the failure's message")
    func firstLoadFails() async {
        let fixture = Fixture()
        fixture.service.willAnswer(.failure(.refused("Latitude must be in range of -90 to 90°. Given: 91.0.")))
        await fixture.presenter.sceneDidAppear()
        expectNoDifference(
            fixture.view.renders,
            [
                detail("loading"),
                detail("failed", error: "The weather service refused the request: Latitude must be in range of -90 to 90°. Given: 91.0."),
            ])
    }

    @Test("A refresh that fails shows the last forecast while loading, then keeps it, failed, with the message")
    func refreshFailsKeepsForecast() async {
        let fixture = Fixture()
        fixture.service.willAnswer(.success(SampleWeather.lisbonForecast()))
        fixture.service.willAnswer(.failure(.unreachable("connection refused")))
        await fixture.presenter.sceneDidAppear()
        fixture.view.clear()
        await fixture.presenter.handle(.refreshTapped)
        expectNoDifference(
            fixture.view.renders,
            [
                detail("loading", current: lisbonNowInGB, days: lisbonWeekInGB),
                detail(
                    "failed", current: lisbonNowInGB, days: lisbonWeekInGB,
                    error: "The weather server could not be reached (connection refused)."),
            ])
    }

    // MARK: Refreshing

    @Test("Refresh asks the Service again and shows the new forecast after the old one while loading")
    func refreshReloads() async {
        let fixture = Fixture()
        let later = Forecast(
            current: CurrentConditions(temperature: 14.6, code: 3, windSpeed: 20.9),
            days: SampleWeather.lisbonDays(from: "2026-11-23", through: "2026-11-23"))
        fixture.service.willAnswer(.success(SampleWeather.lisbonForecast()))
        fixture.service.willAnswer(.success(later))
        await fixture.presenter.sceneDidAppear()
        fixture.view.clear()
        await fixture.presenter.handle(.refreshTapped)
        expectNoDifference(
            fixture.view.renders,
            [
                detail("loading", current: lisbonNowInGB, days: lisbonWeekInGB),
                detail(
                    "loaded", current: WeatherDetailScene.Current(temperature: "15°C", conditions: "Overcast", wind: "13 mph"),
                    days: [day("2026-11-23", "Monday", "15°C", "10°C", "Partly cloudy")]),
            ])
        #expect(fixture.service.requests.count == 2)
    }

    @Test("A refresh after a failure that succeeds shows the forecast without the message")
    func refreshAfterFailure() async {
        let fixture = Fixture()
        fixture.service.willAnswer(.failure(.status(503)))
        fixture.service.willAnswer(.success(SampleWeather.lisbonForecast()))
        await fixture.presenter.sceneDidAppear()
        #expect(fixture.view.renders.last == detail("failed", error: "The weather server answered with an error (HTTP 503)."))
        fixture.view.clear()
        await fixture.presenter.handle(.refreshTapped)
        expectNoDifference(fixture.view.renders, [detail("loading"), detail("loaded", current: lisbonNowInGB, days: lisbonWeekInGB)])
    }

    @Test("A clock set to the next day loads again, and the week starts on that day")
    func clockSetLoadsAgain() async {
        let service = StubForecastService()
        let view = RecordingView<WeatherDetailScene.ViewModel>()
        let clock = MutableClock()
        let calendar = testCalendar(timeZone: "Europe/Lisbon", locale: "en_GB")
        let presenter = WeatherDetailPresenter(
            location: Places.lisbon, interactor: WeatherDetailInteractor(location: Places.lisbon, service: service, clock: clock, calendar: calendar),
            view: view, units: WeatherUnits(locale: calendar.locale), calendar: calendar)
        service.willAnswer(.success(SampleWeather.lisbonForecast(from: "2026-11-23", through: "2026-11-30")))
        await presenter.sceneDidAppear()
        clock.set("2026-11-24T09:00:00Z")
        service.willAnswer(.success(SampleWeather.lisbonForecast(from: "2026-11-23", through: "2026-11-30")))
        await presenter.clockDidChange()
        #expect(service.requests.count == 2)
        #expect(view.renders.last?.days.first?.day == calendarDay("2026-11-24"))
        #expect(view.renders.last?.days.count == 7)
    }
}
