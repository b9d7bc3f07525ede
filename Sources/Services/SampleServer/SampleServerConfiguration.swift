public import ViperStore

/// What a sample server serves from: where it keeps its state, its clock, and how strict it is.
public struct SampleServerConfiguration: Sendable {
    /// Where users, sign-ins, bookings and chat messages live; `SampleServer.migrations` must
    /// have run on its database. In memory, they are gone with the server.
    public var store: Store
    /// The server's time: `createdAt`, news ages, forecasts, lockouts and chat all follow it.
    public var clock: SampleClock
    /// Whether the news API refuses a request without an API key, as NewsAPI does.
    public var requiresAPIKey: Bool
    /// How hard passwords are hashed; `.fast` only where tests sign up many users.
    public var passwordHashing: PasswordHashing
    /// A secret every request must carry in `X-Viper-Access-Key`, when the server answers only
    /// the engine that started it: other processes of the machine reach its port too.
    public var accessKey: String?

    /// The header `accessKey` travels in.
    public static let accessKeyHeader = "X-Viper-Access-Key"

    /// A configuration on `store`, by default with the system clock, no API key and standard hashing.
    public init(
        store: Store, clock: SampleClock = .system, requiresAPIKey: Bool = false,
        passwordHashing: PasswordHashing = .standard, accessKey: String? = nil
    ) {
        self.store = store
        self.clock = clock
        self.requiresAPIKey = requiresAPIKey
        self.passwordHashing = passwordHashing
        self.accessKey = accessKey
    }
}
