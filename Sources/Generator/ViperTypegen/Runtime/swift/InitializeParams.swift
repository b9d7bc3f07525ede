import Foundation

/// The terms of a session (protocol.md §4.1); each left out keeps the engine's default.
public struct InitializeParams: Encodable, Sendable {
    /// The version the client speaks; the newest when left out.
    public var protocolVersion: ProtocolVersion?
    /// Fixes the session clock at this instant; it follows the system clock when left out.
    public var now: Date?
    /// An IANA time zone (`Europe/Paris`), which decides the day an instant falls on.
    public var timeZone: String?
    /// A locale (`fr_FR`) for the names Presenters show.
    public var locale: String?
    /// The first day of the week: 1 = Sunday … 7 = Saturday.
    public var firstWeekday: Int?
    /// What the client does itself: `["http"]` sends it the apps' HTTP (`onHTTP`).
    public var effects: [String]?
    /// Whose data the apps work on.
    public var workspace: String?
    /// The `resumeKey` of a session whose connection broke: it goes on here.
    public var resume: String?

    /// Terms; each left out keeps the engine's default.
    public init(
        protocolVersion: ProtocolVersion? = nil, now: Date? = nil, timeZone: String? = nil, locale: String? = nil, firstWeekday: Int? = nil,
        effects: [String]? = nil, workspace: String? = nil, resume: String? = nil
    ) {
        self.protocolVersion = protocolVersion
        self.now = now
        self.timeZone = timeZone
        self.locale = locale
        self.firstWeekday = firstWeekday
        self.effects = effects
        self.workspace = workspace
        self.resume = resume
    }

    private enum CodingKeys: String, CodingKey {
        case protocolVersion, now, timeZone, locale, firstWeekday, capabilities, workspace, resume
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(protocolVersion, forKey: .protocolVersion)
        try container.encodeIfPresent(now, forKey: .now)
        try container.encodeIfPresent(timeZone, forKey: .timeZone)
        try container.encodeIfPresent(locale, forKey: .locale)
        try container.encodeIfPresent(firstWeekday, forKey: .firstWeekday)
        if let effects { try container.encode(["effects": effects], forKey: .capabilities) }
        try container.encodeIfPresent(workspace, forKey: .workspace)
        try container.encodeIfPresent(resume, forKey: .resume)
    }
}
