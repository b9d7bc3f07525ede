/// How a walk chooses its next action.
package enum ExploreStrategy: String, Sendable, CaseIterable {
    /// Toward what it has not reached: events never sent, data that took a problem away or
    /// opened a screen entered again, a control its form just enabled, faults on purpose and
    /// the errors the app declares of its servers.
    case steered
    /// A monkey's walk, for comparison: every event, the back gesture and the world's moves
    /// alike, with data made afresh each time, and no faults on purpose.
    case random
}
