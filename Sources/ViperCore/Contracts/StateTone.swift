/// How a value of a `state` member reads to the person looking at it.
public enum StateTone: String, Sendable, Equatable, CaseIterable {
    /// Work is under way (`loading`, `booking`): the scene is busy until it ends.
    case busy
    /// The work came to a good end worth saying (`booked`).
    case good
    /// The work failed (`failed`).
    case bad
    /// Nothing to say: the normal state of things (`loaded`, `ready`), which a View leaves out.
    case settled
}
