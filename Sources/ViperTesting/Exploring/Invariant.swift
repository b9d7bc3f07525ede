import Foundation

/// A property every session of every app must keep, whatever the user does: what `explore`
/// checks at every step, and what a transcript written by it pins (`! check NAME`).
package enum Invariant: String, Sendable, CaseIterable {
    /// No internal error (-32603) is answered, and the engine does not exit.
    case noCrash = "no-crash"
    /// Every line the engine writes is a message of the protocol, and every view model has the
    /// members its scene's contract describes, each of its type.
    case validLines = "valid-lines"
    /// A protocol error answers only data the contract refuses: an event or a bus event whose
    /// data has the described shape is never refused.
    case errorsOnlyForRefusedData = "errors-only-for-refused-data"
    /// After `engine.idle`, with no HTTP request left unanswered, no scene is busy (a `busy`
    /// flag, or a `state` whose tone is `busy`).
    case idleSettles = "idle-settles"
    /// The back gesture on a scene that is not the root leaves it.
    case scenesCanBeLeft = "scenes-can-be-left"
    /// Nothing is rendered for a scene that has left the stack.
    case noRenderAfterLeave = "no-render-after-leave"
    /// The same steps played in a new session give the same bytes.
    case sameBytesOnReplay = "same-bytes-on-replay"
    /// Every rule the app declares of its own (`ViperApp.invariants`) holds for every view
    /// model rendered.
    case appInvariants = "app-invariants"

    /// What the invariant says, in a sentence.
    package var summary: String {
        switch self {
        case .noCrash: "no internal error (-32603), and the engine does not exit"
        case .validLines: "every line is a protocol message, and every view model has its contract's shape"
        case .errorsOnlyForRefusedData: "a protocol error only for data the contract refuses"
        case .idleSettles: "after engine.idle no scene is left busy"
        case .scenesCanBeLeft: "every scene but the root can be left with the back gesture"
        case .noRenderAfterLeave: "nothing is rendered for a scene that has left"
        case .sameBytesOnReplay: "the same steps replayed give the same bytes"
        case .appInvariants: "every rule the app declares of its own holds"
        }
    }
}

/// An invariant broken at a step, and how.
package struct Breach: Sendable, Equatable {
    /// The invariant.
    package let invariant: Invariant
    /// What was wrong, naming the scene and the member.
    package let message: String

    /// The message's first line, at most 300 characters: what a report and a comment show
    /// (an engine that crashed adds its whole stderr).
    package var headline: String {
        let first = message.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
        let cut = first.range(of: "; its stderr ends with:").map { String(first[..<$0.lowerBound]) } ?? first
        return cut.count > 300 ? String(cut.prefix(300)) + "…" : cut
    }
}
