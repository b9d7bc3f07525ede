/// A live scene's id: `<kind>#<n>`, where n counts scenes of that kind from 1 within a session.
struct SceneID: Hashable, Sendable, CustomStringConvertible {
    let kind: SceneKind
    let number: Int

    var description: String { "\(kind.rawValue)#\(number)" }

    /// The kind named by a scene id as the wire spells it (`todo.add` for `todo.add#2`).
    static func kind(of id: String) -> SceneKind? {
        // Searched in the UTF-8 bytes: searching the characters cost 700 instructions per
        // `view.event` (callgrind, BENCHMARKS.md).
        guard let hash = id.utf8.lastIndex(of: UInt8(ascii: "#")) else { return nil }
        return SceneKind(rawValue: String(id[..<hash]))
    }
}
