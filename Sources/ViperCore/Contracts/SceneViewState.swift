/// The half of a VIP View that lives in the engine: it keeps what the scene shows and renders
/// it whole after each flow changes its part.
///
/// In VIP, each data flow ends in a ViewModel of its own (`sendButtonEnabled` alone) that a
/// View on a device applies to what it already shows. A View outside the process draws whole view
/// models (`view.render` replaces what the scene showed), so a VIP module's display logic is an
/// extension of this type, constrained to its scene's view model, that writes each flow's
/// ViewModel into the whole one. The Presenter holds it through that display protocol: a port,
/// not the View itself, so the Interactor → Presenter → View chain has no cycle.
public actor SceneViewState<ViewModel: SceneViewModel> {
    private let view: any SceneView<ViewModel>
    /// What the scene shows now, or will show at its first render.
    public private(set) var viewModel: ViewModel

    /// The state of a scene that will show `initial` changed by its first flow, rendered into `view`.
    public init(_ initial: ViewModel, view: any SceneView<ViewModel>) {
        viewModel = initial
        self.view = view
    }

    /// Applies one flow's change to what the scene shows, and renders the result.
    public func update(_ change: @Sendable (inout ViewModel) -> Void) async {
        change(&viewModel)
        await view.render(viewModel)
    }
}
