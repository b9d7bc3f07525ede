/// A live scene's id: `<kind>#<n>`, where n counts scenes of that kind from 1 within a session.
struct SceneID: Hashable, Sendable, CustomStringConvertible {
    let kind: SceneKind
    let number: Int

    var description: String { "\(kind.rawValue)#\(number)" }
}
