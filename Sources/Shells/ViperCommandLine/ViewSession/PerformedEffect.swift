/// An `effect.http` a `ViewSession` performed: its request, the status or the failure, and
/// whether background work (a live feed) asked for it rather than the step.
struct PerformedEffect: Sendable {
    let method: String
    let url: String
    let outcome: String
    let isBackground: Bool
}
