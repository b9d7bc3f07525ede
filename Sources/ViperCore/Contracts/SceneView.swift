/// Where a Presenter sends view models: the View, as far as the module can tell.
///
/// The engine's implementation emits `view.render`; tests record what was rendered instead.
public protocol SceneView<ViewModel>: Sendable {
    /// The view model this view shows.
    associatedtype ViewModel: Sendable

    /// Shows `viewModel`, replacing what the scene showed before.
    func render(_ viewModel: ViewModel) async
}
