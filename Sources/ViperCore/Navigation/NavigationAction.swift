/// What a `view.navigate` notification says happened.
package enum NavigationAction: String, Codable, Sendable {
    /// The scene replaced the whole stack (`app.start`, or a Router that starts over).
    case root
    /// The scene was pushed onto a navigation stack.
    case push
    /// The scene was presented modally.
    case present
    /// A presented scene left the stack (in 1.0, any scene that left).
    case dismiss
    /// A pushed scene left the stack (1.1).
    case pop
}
