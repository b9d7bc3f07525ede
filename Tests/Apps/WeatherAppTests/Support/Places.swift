@testable import WeatherApp

/// Places as Open-Meteo's geocoding API finds them (`OpenMeteoBodies.lisbonSearch` holds the
/// first two), with their region as the search words it.
enum Places {
    static let lisbon = WeatherLocation(id: "2267057", name: "Lisbon", region: "Lisbon, Portugal", latitude: 38.71667, longitude: -9.13333)
    static let lisbonOhio = WeatherLocation(
        id: "5160783", name: "Lisbon", region: "Ohio, United States", latitude: 40.77228, longitude: -80.76815)
    static let reykjavik = WeatherLocation(
        id: "3413829", name: "Reykjavík", region: "Capital Region, Iceland", latitude: 64.13548, longitude: -21.89541)
    static let wellington = WeatherLocation(
        id: "2179537", name: "Wellington", region: "Wellington, New Zealand", latitude: -41.28664, longitude: 174.77557)
}
