import CustomDump
import Foundation
import AppTestSupport
import Testing
import ViperCore

@testable import WeatherApp

/// A detail Interactor for Lisbon, its clock at `now`, in `calendar`, over a scripted Service.
private func makeInteractor(
    now: String = testNow, calendar: DayCalendar = testCalendar()
) -> (WeatherDetailInteractor, StubForecastService) {
    let service = StubForecastService()
    return (WeatherDetailInteractor(location: Places.lisbon, service: service, clock: FixedClock(now), calendar: calendar), service)
}

@Suite("The detail Interactor: a place's forecast for at most seven days from the session's today, the last one kept")
struct WeatherDetailInteractorTests {
    @Test("It asks the Service for the place and the seven days from the session's today, in the session's time zone")
    func request() async {
        let (interactor, service) = makeInteractor(calendar: testCalendar(timeZone: "Europe/Lisbon"))
        service.willAnswer(.success(SampleWeather.lisbonForecast()))
        _ = await interactor.loadForecast()
        #expect(service.requests == [StubForecastService.Request(
            location: Places.lisbon, days: calendarDay("2026-11-23")...calendarDay("2026-11-29"), timeZone: "Europe/Lisbon")])
    }

    @Test("Seven days from today are kept as they came, with the weather now")
    func sevenDays() async {
        let (interactor, service) = makeInteractor()
        service.willAnswer(.success(SampleWeather.lisbonForecast(from: "2026-11-23", through: "2026-11-29")))
        let loaded = await interactor.loadForecast()
        expectNoDifference(loaded, .success(SampleWeather.lisbonForecast(from: "2026-11-23", through: "2026-11-29")))
    }

    @Test("Days before the session's today are dropped, however many the server sent")
    func pastDaysDropped() async {
        let (interactor, service) = makeInteractor()
        service.willAnswer(.success(SampleWeather.lisbonForecast(from: "2026-11-21", through: "2026-11-25")))
        let loaded = await interactor.loadForecast()
        expectNoDifference(loaded, .success(SampleWeather.lisbonForecast(from: "2026-11-23", through: "2026-11-25")))
    }

    @Test("At most seven days are kept, from today")
    func atMostSeven() async {
        let (interactor, service) = makeInteractor()
        service.willAnswer(.success(SampleWeather.lisbonForecast(from: "2026-11-21", through: "2026-11-30")))
        let loaded = await interactor.loadForecast()
        expectNoDifference(loaded, .success(SampleWeather.lisbonForecast(from: "2026-11-23", through: "2026-11-29")))
    }

    @Test(
        "Today is the session's: ahead of UTC in Auckland, behind it in Los Angeles",
        arguments: [
            // 01:00 on Tuesday 24 in Auckland (UTC+13).
            ("2026-11-23T12:00:00Z", "Pacific/Auckland", "2026-11-24", "2026-11-30"),
            // 21:00 on Sunday 22 in Los Angeles (UTC-8).
            ("2026-11-23T05:00:00Z", "America/Los_Angeles", "2026-11-22", "2026-11-28"),
            // 23:59 on Monday 23 in UTC.
            ("2026-11-23T23:59:00Z", "UTC", "2026-11-23", "2026-11-29"),
        ] as [(String, String, String, String)])
    func todayInSessionZone(now: String, zone: String, first: String, last: String) async {
        let (interactor, service) = makeInteractor(now: now, calendar: testCalendar(timeZone: zone))
        service.willAnswer(.success(SampleWeather.lisbonForecast(from: "2026-11-21", through: "2026-11-30")))
        let loaded = await interactor.loadForecast()
        expectNoDifference(loaded, .success(SampleWeather.lisbonForecast(from: first, through: last)))
        // Foundation names UTC "GMT" on Linux; either is a zone Open-Meteo knows.
        #expect(service.requests.map(\.timeZone) == [TimeZone(identifier: zone)?.identifier])
    }

    @Test("A forecast with no day left from today still has the weather now")
    func noDaysLeft() async {
        let (interactor, service) = makeInteractor(now: "2026-12-01T09:00:00Z")
        service.willAnswer(.success(SampleWeather.lisbonForecast(from: "2026-11-23", through: "2026-11-29")))
        #expect(await interactor.loadForecast() == .success(Forecast(current: SampleWeather.lisbonNow, days: [])))
    }

    // MARK: The last forecast

    @Test("Before a forecast has loaded there is none; one that loads is kept as shown")
    func lastForecastKept() async {
        let (interactor, service) = makeInteractor()
        #expect(await interactor.lastForecast() == nil)
        service.willAnswer(.success(SampleWeather.lisbonForecast(from: "2026-11-22", through: "2026-11-30")))
        _ = await interactor.loadForecast()
        #expect(await interactor.lastForecast() == SampleWeather.lisbonForecast(from: "2026-11-23", through: "2026-11-29"))
    }

    @Test("A failure is given as it came, and the last forecast stays")
    func failureKeepsLast() async {
        let (interactor, service) = makeInteractor()
        service.willAnswer(.success(SampleWeather.lisbonForecast()))
        service.willAnswer(.failure(.status(500)))
        _ = await interactor.loadForecast()
        #expect(await interactor.loadForecast() == .failure(.status(500)))
        #expect(await interactor.lastForecast() == SampleWeather.lisbonForecast())
        #expect(service.requests.count == 2)
    }

    @Test("A failure before any forecast leaves none")
    func failureFirst() async {
        let (interactor, service) = makeInteractor()
        service.willAnswer(.failure(.unreachable("connection refused")))
        #expect(await interactor.loadForecast() == .failure(.unreachable("connection refused")))
        #expect(await interactor.lastForecast() == nil)
    }

    @Test("A later forecast replaces the last one")
    func laterReplaces() async {
        let (interactor, service) = makeInteractor()
        let later = Forecast(current: SampleWeather.reykjavikNow, days: SampleWeather.lisbonDays(from: "2026-11-23", through: "2026-11-24"))
        service.willAnswer(.success(SampleWeather.lisbonForecast()))
        service.willAnswer(.success(later))
        _ = await interactor.loadForecast()
        _ = await interactor.loadForecast()
        #expect(await interactor.lastForecast() == later)
    }
}
