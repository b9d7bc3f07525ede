/// What a scene shows, as Presenters hand it to the View, and its shape for front ends that
/// describe scenes (`engine.describe`).
public protocol SceneViewModel: Encodable, Sendable {
    /// The view model's members, in the order front ends should show them.
    static var fields: [FieldDescriptor] { get }
}
