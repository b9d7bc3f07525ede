import ViperJSON

/// `view.render`: what a scene shows now. The engine writes its view model once per render
/// (`RawJSON`); a View reads it as a value (`JSONValue`).
package struct ViewRenderNotification<ViewModel: Sendable>: Sendable {
    package static var wireMethod: WireMethod { .viewRender }

    /// The scene's id (`todo.add#2`).
    package let scene: String
    package let kind: String
    package let viewModel: ViewModel
}

extension ViewRenderNotification: WireNotification, Encodable where ViewModel: Encodable {}
extension ViewRenderNotification: Decodable where ViewModel: Decodable {}
extension ViewRenderNotification: Equatable where ViewModel: Equatable {}
