import GRDB
import ViperStore

/// The places the list shows, in the engine's SQLite database, table `weather_locations`, in
/// the order they were added. A place is there at most once: its id is unique.
struct SavedLocations: Sendable {
    let database: StoreDatabase

    static let migrations = [
        StoreMigration("weather v1: saved locations") { db in
            try db.execute(
                sql: """
                    CREATE TABLE weather_locations (
                        position INTEGER PRIMARY KEY AUTOINCREMENT,
                        id TEXT NOT NULL UNIQUE,
                        name TEXT NOT NULL,
                        region TEXT NOT NULL,
                        latitude REAL NOT NULL,
                        longitude REAL NOT NULL
                    )
                    """)
        }
    ]

    func all() throws -> [WeatherLocation] {
        try database.read { db in
            try Row.fetchAll(db, sql: "SELECT id, name, region, latitude, longitude FROM weather_locations ORDER BY position").map { row in
                WeatherLocation(id: row["id"], name: row["name"], region: row["region"], latitude: row["latitude"], longitude: row["longitude"])
            }
        }
    }

    /// Adds `location` after the others; returns false, changing nothing, when it is there already.
    func add(_ location: WeatherLocation) throws -> Bool {
        try database.write { db in
            try db.execute(
                sql: "INSERT OR IGNORE INTO weather_locations (id, name, region, latitude, longitude) VALUES (?, ?, ?, ?, ?)",
                arguments: [location.id, location.name, location.region, location.latitude, location.longitude])
            return db.changesCount > 0
        }
    }

    func remove(id: String) throws {
        try database.write { db in
            try db.execute(sql: "DELETE FROM weather_locations WHERE id = ?", arguments: [id])
        }
    }
}
