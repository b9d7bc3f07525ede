import AppTestSupport

@testable import WeatherApp

/// The search's Router: the shared closing Router.
extension RecordingClosingRouter: WeatherAddRouting {}
