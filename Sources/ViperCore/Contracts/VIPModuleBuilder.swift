/// The Builder of a VIP module: the View tells the Interactor, the Interactor tells
/// the Presenter, the Presenter shows ViewModels to the View.
///
/// A VIPER module's Presenter handles the View's events; a VIP module's Interactor does, so it
/// is the `EventHandler` the engine calls, and it owns the flows that start outside the View
/// (bus subscriptions). The Builder makes the roles in the order the data flows back: the
/// scene's view state, the Presenter that shows on it, the Interactor that tells the Presenter.
/// The engine holds the Interactor, the Interactor the Presenter, the Presenter a port to the
/// view: the chain ends at the port, so there is no cycle to break with a weak reference.
///
/// Conforming Builders implement the three `make…` steps; `build(with:context:)` is given.
public protocol VIPModuleBuilder: ModuleBuilder {
    /// The role that maps each flow's Response to its ViewModel.
    associatedtype Presenter: Sendable
    /// The role that runs each flow's business logic; the engine hands it the View's events.
    associatedtype Interactor: EventHandler where Interactor.Scene == Scene

    /// What the scene shows before its first flow changes anything.
    func initialViewModel(for input: Input) -> Scene.ViewModel

    /// The Presenter, showing on `display`, the scene's view state.
    func makePresenter(display: SceneViewState<Scene.ViewModel>, context: ModuleContext<Scene>) -> Presenter

    /// The Interactor of the module opened with `input`, telling `presenter`.
    func makeInteractor(presenter: Presenter, input: Input, context: ModuleContext<Scene>) -> Interactor
}

extension VIPModuleBuilder {
    /// Wires View state → Presenter → Interactor and hands the Interactor to the engine.
    public func build(with input: Input, context: ModuleContext<Scene>) -> any EventHandler<Scene> {
        let display = SceneViewState(initialViewModel(for: input), view: context.view)
        return makeInteractor(presenter: makePresenter(display: display, context: context), input: input, context: context)
    }
}
