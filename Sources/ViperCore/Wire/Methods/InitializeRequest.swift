import ViperJSON

/// `initialize`: opens the session, fixing its clock, time zone, locale and first weekday.
package struct InitializeRequest: WireRequest, ViewRequest {
    package static let wireMethod = WireMethod.initialize
    static let journaling = RequestJournaling.notKept

    /// The protocol version the client speaks, `1.0` or `1.1`; the newest when absent.
    package var protocolVersion: String?
    /// Fixes the session clock at this instant; without it the session follows the system clock.
    package var now: Instant?
    /// IANA time zone name; UTC when absent.
    package var timeZone: String?
    /// Locale identifier for names the Presenters show; `en_US` when absent.
    package var locale: String?
    /// First day of the week, 1 = Sunday … 7 = Saturday; 1 when absent.
    package var firstWeekday: Int?
    /// What the client offers (1.1): the kinds of I/O it performs itself.
    package var capabilities: ClientCapabilities?
    /// The data scope of the session's apps; `default` when absent.
    package var workspace: String?
    /// The `resumeKey` of a session whose connection broke: the session is rebuilt from its
    /// journal and goes on here (1.1, served engines that keep journals).
    package var resume: String?

    /// What a journal keeps of the request, to settle a resumed session's terms as the first
    /// `initialize` settled them: all it says but the capabilities and the key, which are the
    /// resuming client's.
    package init(
        protocolVersion: String? = nil, now: Instant? = nil, timeZone: String? = nil, locale: String? = nil, firstWeekday: Int? = nil,
        capabilities: ClientCapabilities? = nil, workspace: String? = nil, resume: String? = nil
    ) {
        self.protocolVersion = protocolVersion
        self.now = now
        self.timeZone = timeZone
        self.locale = locale
        self.firstWeekday = firstWeekday
        self.capabilities = capabilities
        self.workspace = workspace
        self.resume = resume
    }

    var journalHeader: JSONValue {
        var kept = self
        kept.capabilities = nil
        kept.resume = nil
        // Strings, numbers and instants always encode.
        guard case .object(let members)? = try? JSONValueEncoder.encode(kept) else { return .object([:]) }
        return .object(members.filter { $0.value != .null })
    }

    package struct ClientCapabilities: Codable, Sendable {
        /// `["http"]`: the client performs the engine's HTTP requests (`effect.http`).
        package var effects: [String]?

        package init(effects: [String]? = nil) {
            self.effects = effects
        }
    }

    struct Result: Encodable, Sendable {
        struct Engine: Encodable, Sendable {
            let name: String
            let version: String
        }

        struct Capabilities: Encodable, Sendable {
            /// The kinds of I/O the engine delegates to the client (1.1); absent in 1.0.
            let effects: [String]?
            /// Whether `debug.injectFault` exists in this engine.
            let faultInjection: Bool
            /// The longest line, in bytes, the engine reads.
            let maxLineBytes: Int

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                // Left out, not null, in 1.0: those clients see the bytes they always saw.
                if let effects { try container.encode(effects, forKey: .effects) }
                try container.encode(faultInjection, forKey: .faultInjection)
                try container.encode(maxLineBytes, forKey: .maxLineBytes)
            }

            private enum CodingKeys: String, CodingKey {
                case effects, faultInjection, maxLineBytes
            }
        }

        /// What became of a `resume`.
        struct Resume: Encodable, Sendable {
            /// How many of the journal's requests were run again; 0 when resuming was refused.
            let replayed: Int
            /// Why the session is a fresh one instead, when it is.
            let error: RawJSON?

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(replayed, forKey: .replayed)
                if let error { try container.encode(error, forKey: .error) }
            }

            private enum CodingKeys: String, CodingKey {
                case replayed, error
            }
        }

        let protocolVersion: String
        let engine: Engine
        let apps: [String]
        let capabilities: Capabilities
        /// The key to resume this session with, when the engine keeps journals.
        var resumeKey: String?
        /// Present when the request asked to resume.
        var resume: Resume?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(protocolVersion, forKey: .protocolVersion)
            try container.encode(engine, forKey: .engine)
            try container.encode(apps, forKey: .apps)
            try container.encode(capabilities, forKey: .capabilities)
            // Left out, not null, without journals: those clients see the bytes they always saw.
            if let resumeKey { try container.encode(resumeKey, forKey: .resumeKey) }
            if let resume { try container.encode(resume, forKey: .resume) }
        }

        private enum CodingKeys: String, CodingKey {
            case protocolVersion, engine, apps, capabilities, resumeKey, resume
        }
    }
}

extension InitializeRequest {
    static func paramsConstraints(_ scope: SchemaScope) -> [String: JSONValue] {
        [
            "protocolVersion": ["enum": .array(ProtocolVersion.allCases.map { .string($0.rawValue) })],
            "firstWeekday": ["minimum": 1, "maximum": 7],
            "workspace": ["pattern": "^[a-z0-9][a-z0-9_-]{0,63}$"],
            "resume": ["minLength": 1],
        ]
    }
}

extension InitializeRequest.Result: WireResult {
    static func schema(_ scope: SchemaScope) -> JSONValue {
        ProtocolSchema.object([
            "protocolVersion": ["type": "string"], "engine": ProtocolSchema.object(["name": ["type": "string"], "version": ["type": "string"]]),
            "apps": ["type": "array", "items": ["type": "string"]],
            "capabilities": ProtocolSchema.object(
                ["effects": ["type": "array", "items": ["type": "string"]], "faultInjection": ["type": "boolean"], "maxLineBytes": ["type": "integer"]],
                optional: ["effects"]),
            "resumeKey": ["type": "string", "pattern": "^[0-9a-f]{32}$"],
            "resume": ProtocolSchema.object(
                ["replayed": ["type": "integer", "minimum": 0], "error": ["$ref": "#/$defs/error"]], optional: ["error"]),
        ], optional: ["resumeKey", "resume"])
    }
}
