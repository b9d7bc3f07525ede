/// Navigation on behalf of one scene; a module's Router holds it.
///
/// New scenes go on top of the session's stack, and `from` in the `view.navigate` that follows
/// names the scene whose Router asked. A scene that has already left the stack cannot navigate.
public struct Navigator: Sendable {
    private weak let session: Session?
    private let scene: SceneID

    init(session: Session, scene: SceneID) {
        self.session = session
        self.scene = scene
    }

    /// Presents the module `builder` builds, modally, above this scene.
    public func present<Builder: ModuleBuilder>(_ builder: Builder, with input: Builder.Input) async {
        await session?.open(builder, with: input, action: .present, from: scene)
    }

    /// Pushes the module `builder` builds onto the navigation stack above this scene.
    public func push<Builder: ModuleBuilder>(_ builder: Builder, with input: Builder.Input) async {
        await session?.open(builder, with: input, action: .push, from: scene)
    }

    /// Removes this scene, and every scene above it, from the stack: each leaves with its own
    /// `view.navigate`, `dismiss` for a presented scene and `pop` for a pushed one (1.1).
    public func dismiss() async {
        await session?.dismiss(scene)
    }

    /// Pops this pushed scene, and every scene above it: the same as `dismiss`, named as a
    /// navigation stack says it.
    public func pop() async {
        await session?.dismiss(scene)
    }

    /// Removes every scene above the root of the stack ("done" at the end of a flow).
    public func popToRoot() async {
        await session?.popToRoot(from: scene)
    }

    /// Replaces the whole stack with the module `builder` builds ("signed in: show home"): the
    /// scenes that were live are gone without a `view.navigate` each, and their modules are
    /// told they left. The `view.navigate` `root` names this scene in `from` (1.1).
    public func replaceStack<Builder: ModuleBuilder>(with builder: Builder, input: Builder.Input) async {
        await session?.open(builder, with: input, action: .root, from: scene)
    }

    /// Whether this scene is the top of the stack, the one a user sees and touches. A scene
    /// that another covers can still get events (the protocol allows it), but a real UI could
    /// not tap its buttons; Routers use this to refuse what no user could do.
    public var isOnTop: Bool {
        get async { await session?.isOnTop(scene) == true }
    }
}

extension Navigator {
    /// Presents a module that needs no input.
    public func present<Builder: ModuleBuilder>(_ builder: Builder) async where Builder.Input == Void {
        await present(builder, with: ())
    }

    /// Pushes a module that needs no input.
    public func push<Builder: ModuleBuilder>(_ builder: Builder) async where Builder.Input == Void {
        await push(builder, with: ())
    }

    /// Replaces the stack with a module that needs no input.
    public func replaceStack<Builder: ModuleBuilder>(with builder: Builder) async where Builder.Input == Void {
        await replaceStack(with: builder, input: ())
    }
}
