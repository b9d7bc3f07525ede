/// `initialize`: opens the session, fixing its clock, time zone, locale and first weekday.
struct InitializeRequest: WireRequest {
    static let method = "initialize"

    /// The protocol version the client speaks; the engine speaks only `EngineInfo.protocolVersion`.
    var protocolVersion: String?
    /// Fixes the session clock at this instant; without it the session follows the system clock.
    var now: Instant?
    /// IANA time zone name; UTC when absent.
    var timeZone: String?
    /// Locale identifier for names the Presenters show; `en_US` when absent.
    var locale: String?
    /// First day of the week, 1 = Sunday … 7 = Saturday; 1 when absent.
    var firstWeekday: Int?

    struct Result: Encodable, Sendable {
        struct Engine: Encodable, Sendable {
            let name: String
            let version: String
        }

        struct Capabilities: Encodable, Sendable {
            /// Whether `debug.injectFault` exists in this engine.
            let faultInjection: Bool
            /// The longest line, in bytes, the engine reads.
            let maxLineBytes: Int
        }

        let protocolVersion: String
        let engine: Engine
        let apps: [String]
        let capabilities: Capabilities
    }
}
