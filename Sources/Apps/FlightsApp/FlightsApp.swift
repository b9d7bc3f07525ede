public import ServiceKit
public import ViperCore
public import ViperStore
public import WeatherApp

/// The flight booking: a search, the availability pushed with the
/// criteria, a summary pushed with the flight, booking with a sold-out alert, and the weather
/// at the destination from the Weather app's forecast module, reached through its public
/// Builder alone.
public struct FlightsApp: ViperApp {
    public static let name = "flights"
    /// The app's name as a person reads it.
    public static let title = "Flights"
    /// What the app does, in a sentence.
    public static let summary: String? = "Search for a flight, choose one and book it; the weather where it lands is a tap away."
    public static let faultOperations = [
        HTTPFlightsService.airportsOperation, HTTPFlightsService.availabilityOperation, HTTPFlightsService.bookOperation,
    ]
    /// The airline answers a booking `409 soldOut` when another booking took the seats since
    /// the summary showed them.
    public static let serverErrors = [
        ServerErrorAnswer(
            method: "POST", path: "/v1/bookings", status: 409,
            body: #"{"error":"soldOut","message":"The flight has fewer seats left than this booking needs."}"#)
    ]
    /// Whatever the user does, no flight shows fewer than no seats, and a flight can be chosen
    /// exactly when it has a seat for every passenger.
    public static let invariants = [
        AppInvariant("flights.seats-never-negative", on: FlightAvailabilityScene.self, summary: "seats left never go below zero") { availability in
            availability.flights.first { $0.seatsLeft < 0 }.map { "\($0.number) shows \($0.seatsLeft) seats left" }
        },
        AppInvariant(
            "flights.selectable-when-seats", on: FlightAvailabilityScene.self,
            summary: "a flight can be chosen exactly when it has a seat for every passenger"
        ) { availability in
            availability.flights.first { $0.selectable != ($0.seatsLeft >= availability.passengers) }.map {
                "\($0.number) has \($0.seatsLeft) seats left for \(availability.passengers) passengers, and selectable is \($0.selectable)"
            }
        },
    ]
    public static let scenes: [any SceneContract.Type] = [
        FlightSearchScene.self, FlightAvailabilityScene.self, FlightSummaryScene.self, AlertScene.self, WeatherDetailScene.self,
    ]

    private let search: FlightSearchBuilder

    /// The app on the airline at `api`, through `client`, showing destinations' weather with
    /// `weather`, the Weather app's forecast module (`WeatherApp.detailModule`); it tells the
    /// workspace's other sessions of its bookings, and hears of theirs, through `store`.
    public init(api: ServiceEndpoint, client: ServiceClient, weather: WeatherDetailBuilder, store: Store) {
        let service = HTTPFlightsService(endpoint: api, client: client)
        let news = StoreBookingNews(store: store)
        search = FlightSearchBuilder(
            service: service,
            availability: FlightAvailabilityBuilder(
                service: service, news: news, summary: FlightSummaryBuilder(service: service, news: news, weather: weather)))
    }

    public var rootModule: FlightSearchBuilder { search }
}
