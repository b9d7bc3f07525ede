/// The user events one scene accepts, decoded from `view.event` requests: an enum whose cases
/// are the events and whose labelled associated values are each event's data.
///
/// ```swift
/// public enum Event: SceneEvent {
///     case titleChanged(title: String)
///     case saveTapped
///
///     public enum CodingKeys: CodingKey, CaseIterable { case titleChanged, saveTapped }
/// }
/// ```
///
/// The enum is the one declaration of the scene's events. Swift's synthesized `Decodable`
/// reads `{"event": "titleChanged", "data": {"title": "Buy milk"}}` into it, and the engine
/// learns the events for `engine.describe`, help, completion and the schema by running that
/// same decoder over every key of `CodingKeys` (`SceneDescription`), so what is described is
/// exactly what is accepted. Listing the cases in `CodingKeys` is the price of that: Swift
/// offers no way to enumerate an enum's cases with data, but it does check the list, and a key
/// that names no case fails to build. A key may give a case another wire name
/// (`case setTo = "setValue"` in a `String` `CodingKeys`); a case left out of `CodingKeys` can
/// neither be sent nor described.
///
/// Why not a macro or a table of decoders: a macro needs swift-syntax, minutes more of every
/// clean build (the first `bin/viper` included), and a table would spell each name and field a
/// second time, in strings the compiler cannot check.
public protocol SceneEvent: Decodable, Sendable {
    /// One key per event, named as the wire names it.
    associatedtype CodingKeys: CodingKey & CaseIterable
}
