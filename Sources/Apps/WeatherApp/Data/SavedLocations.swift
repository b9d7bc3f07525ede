import ViperStore

/// The places the list shows, in the workspace's database, table `weather_locations`, in the
/// order they were added. A place is there at most once: its id is unique.
struct SavedLocations: Sendable {
    let store: Store

    /// What adding or removing a place announces, and the list listens to.
    static let topic = "weather.locations"

    static let migrations = [
        StoreMigration("weather v1: saved locations") { dialect in
            [
                """
                CREATE TABLE weather_locations (
                    position \(dialect.autoIncrementingKey),
                    id TEXT NOT NULL UNIQUE,
                    name TEXT NOT NULL,
                    region TEXT NOT NULL,
                    latitude \(dialect.real) NOT NULL,
                    longitude \(dialect.real) NOT NULL
                )
                """
            ]
        }
    ]

    func all() async throws -> [WeatherLocation] {
        try await store.query("SELECT id, name, region, latitude, longitude FROM weather_locations ORDER BY position").map { row in
            WeatherLocation(
                id: try row.get("id"), name: try row.get("name"), region: try row.get("region"), latitude: try row.get("latitude"),
                longitude: try row.get("longitude"))
        }
    }

    /// Adds `location` after the others; returns false, changing nothing, when it is there already.
    func add(_ location: WeatherLocation) async throws -> Bool {
        try await store.write { db in
            let added = try await db.row(
                "INSERT INTO weather_locations (id, name, region, latitude, longitude) VALUES (?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING RETURNING id",
                location.id, location.name, location.region, location.latitude, location.longitude)
            if added != nil { db.announce(Self.topic) }
            return added != nil
        }
    }

    func remove(id: String) async throws {
        try await store.write { db in
            let removed = try await db.row("DELETE FROM weather_locations WHERE id = ? RETURNING id", id)
            if removed != nil { db.announce(Self.topic) }
        }
    }

    /// Places that other sessions of the workspace add or remove from now on.
    func changesByOthers() -> AsyncStream<StoreChange> {
        store.changes(of: [Self.topic])
    }
}
