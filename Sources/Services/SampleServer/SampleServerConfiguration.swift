public import ViperStore

/// What a sample server serves from: where it keeps its state, its clock, and how strict it is.
public struct SampleServerConfiguration: Sendable {
    /// Where users, sign-ins, bookings and chat messages live; `SampleServer.migrations` must
    /// have run on it. In memory, they are gone with the server.
    public var database: StoreDatabase
    /// The server's time: `createdAt`, news ages, forecasts, lockouts and chat all follow it.
    public var clock: SampleClock
    /// Whether the news API refuses a request without an API key, as NewsAPI does.
    public var requiresAPIKey: Bool
    /// How hard passwords are hashed; `.fast` only where tests sign up many users.
    public var passwordHashing: PasswordHashing

    /// A configuration on `database`, by default with the system clock, no API key and standard hashing.
    public init(
        database: StoreDatabase, clock: SampleClock = .system, requiresAPIKey: Bool = false,
        passwordHashing: PasswordHashing = .standard
    ) {
        self.database = database
        self.clock = clock
        self.requiresAPIKey = requiresAPIKey
        self.passwordHashing = passwordHashing
    }
}
