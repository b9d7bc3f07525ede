/// How an app shows its first scene when that depends on what it knows: signed in, the home;
/// otherwise, the sign-in prompt (`ViperApp.start(with:)`).
public struct AppLauncher: Sendable {
    private weak let session: Session?

    init(session: Session) {
        self.session = session
    }

    /// Shows the module `builder` builds as the root of the stack, replacing whatever was there.
    public func show<Builder: ModuleBuilder>(_ builder: Builder, with input: Builder.Input) async {
        await session?.open(builder, with: input, action: .root, from: nil)
    }

    /// Shows a module that needs no input as the root of the stack.
    public func show<Builder: ModuleBuilder>(_ builder: Builder) async where Builder.Input == Void {
        await show(builder, with: ())
    }
}
