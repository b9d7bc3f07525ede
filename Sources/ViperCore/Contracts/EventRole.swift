/// What an event means to a View beyond its name and data: which button it is among the
/// scene's. An event without a role is an ordinary action; the first such event without data
/// is the scene's main one.
public enum EventRole: String, Sendable, Equatable, CaseIterable {
    /// Leaves the scene without doing its work (Cancel, Close): a View places it apart, and a
    /// presented scene that has one needs no close button of the View's own.
    case cancel
    /// Destroys something (Remove, Delete): a View marks it, and never makes it an item's
    /// main action.
    case danger
    /// Never the scene's main action, however early it comes (Refresh).
    case secondary
}
