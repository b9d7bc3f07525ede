/// Creates one module and wires its roles together: the Builder (or Assembly) of VIPER.
///
/// Routers navigate by handing a Builder, and the data the next module needs, to their
/// `Navigator`; the engine then gives the Builder the module's view, navigator and environment.
public protocol ModuleBuilder<Scene>: Sendable {
    /// The contract of the scene the module drives.
    associatedtype Scene: SceneContract
    /// What the module needs from whoever opens it.
    associatedtype Input: Sendable = Void

    /// Builds the module and returns the role that handles the View's events.
    func build(with input: Input, context: ModuleContext<Scene>) -> any EventHandler<Scene>
}
