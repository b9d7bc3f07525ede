/// A live scene's id: `<kind>#<n>`, where n counts scenes of that kind from 1 within a session.
struct SceneID: Hashable, Sendable, CustomStringConvertible {
    let kind: SceneKind
    let number: Int

    var description: String { "\(kind.rawValue)#\(number)" }

    /// The kind named by a scene id as the wire spells it (`todo.add` for `todo.add#2`).
    static func kind(of id: String) -> SceneKind? {
        guard let hash = id.lastIndex(of: "#") else { return nil }
        return SceneKind(rawValue: String(id[..<hash]))
    }
}
