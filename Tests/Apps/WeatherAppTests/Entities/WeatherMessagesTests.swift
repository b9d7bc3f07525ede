import Testing

@testable import WeatherApp

@Suite("Weather messages: each failure in words the user reads, naming its cause")
struct WeatherMessagesTests {
    @Test(
        "Each failure has its wording",
        arguments: [
            (WeatherFailure.unreachable("connection refused"), "The weather server could not be reached (connection refused)."),
            (.refused("Latitude must be in range of -90 to 90°. Given: 91.0."),
             "The weather service refused the request: Latitude must be in range of -90 to 90°. Given: 91.0."),
            (.status(503), "The weather server answered with an error (HTTP 503)."),
            (.malformed("the body (text/html) is not JSON"), "The weather server's answer could not be read (the body (text/html) is not JSON)."),
            (.cancelled, "Cancelled before the weather server answered."),
            (.storage("disk I/O error"), "Your saved places could not be read or changed (disk I/O error)."),
        ] as [(WeatherFailure, String)])
    func wording(failure: WeatherFailure, message: String) {
        #expect(WeatherMessages.text(failure) == message)
    }
}
