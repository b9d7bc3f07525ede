/// An event a scene accepts: its wire name, and its data when it has any.
public protocol SceneEvent: Sendable {
    var wireName: String { get }
    var wireData: [String: any Encodable & Sendable]? { get }
}
