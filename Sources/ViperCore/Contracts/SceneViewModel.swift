/// What a scene shows, as Presenters hand it to the View: a struct whose stored properties are
/// the view model's members, in the order front ends should show them.
///
/// `Decodable` as well as `Encodable`, so that the engine learns the members, their types and
/// which may be `null` (the optionals) by letting the type decode itself (`SceneDescription`):
/// the struct is the one declaration, and what `engine.describe` says is what is rendered.
/// Optional members are written as `null`, never left out.
public protocol SceneViewModel: Codable, Sendable {}
