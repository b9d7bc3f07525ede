/// What a `view.navigate` notification says happened.
enum NavigationAction: String, Sendable {
    /// The scene replaced the whole stack (`app.start`).
    case root
    /// The scene was pushed onto a navigation stack.
    case push
    /// The scene was presented modally.
    case present
    /// The scene left the stack.
    case dismiss
}
