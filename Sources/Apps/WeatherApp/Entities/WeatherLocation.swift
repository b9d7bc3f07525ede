/// A place the weather is shown for: what the list saves, what a search finds, and the input
/// of the detail module (`WeatherDetailBuilder`), which needs the place itself, not a key to
/// fetch it by, so another app can open it for any point on the map (a flight's destination).
public struct WeatherLocation: Sendable, Equatable {
    /// Stable and unique among saved places (Open-Meteo's id for a place it found).
    public let id: String
    /// The place's name ("Lisbon").
    public let name: String
    /// Where it is, for telling places of one name apart ("Lisbon, Portugal").
    public let region: String
    /// Degrees north.
    public let latitude: Double
    /// Degrees east.
    public let longitude: Double

    /// A place with its id, name, region and coordinates.
    public init(id: String, name: String, region: String, latitude: Double, longitude: Double) {
        self.id = id
        self.name = name
        self.region = region
        self.latitude = latitude
        self.longitude = longitude
    }
}
