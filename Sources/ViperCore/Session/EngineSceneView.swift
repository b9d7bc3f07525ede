/// The view port the engine gives a module: renders become `view.render` notifications.
struct EngineSceneView<ViewModel: Encodable & Sendable>: SceneView {
    weak let session: Session?
    let scene: SceneID

    func render(_ viewModel: ViewModel) async {
        await session?.render(viewModel, for: scene)
    }
}
