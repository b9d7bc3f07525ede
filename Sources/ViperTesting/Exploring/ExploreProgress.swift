import ViperCore
import ViperJSON

/// What an exploration's walks have found so far: each invariant's first breach at each scene
/// kind, the states and moves reached, and the event data worth entering again.
struct ExploreProgress {
    /// The map of what was reached; made from the engine's description at the first walk.
    var map: ExploreMap
    /// The distinct states reached (`SessionPlayer.stateKey`).
    var states: Set<String> = []
    /// Actions played, over all walks.
    var taken = 0
    var walks = 0
    /// Event data that took a problem away, found more or opened a screen, by scene kind and
    /// event.
    private(set) var accepted: [String: [String: [JSONValue]]] = [:]
    /// The breaches, first found first, one per invariant and scene kind.
    private(set) var findings: [Finding] = []
    private var foundKeys: Set<String> = []

    /// When the exploration began.
    private let start: ContinuousClock.Instant
    /// Each time more was covered: when, after how many actions, and how many scenes reached
    /// and events sent.
    private(set) var timeline: [ExploreReport.Sample] = []

    init(map: ExploreMap, start: ContinuousClock.Instant) {
        self.map = map
        self.start = start
    }

    /// Notes how much is covered now, when it is more than before.
    mutating func sampleCoverage() {
        let covered = map.totalCoverage.covered
        guard covered > (timeline.last?.covered ?? 0) else { return }
        timeline.append(ExploreReport.Sample(seconds: (ContinuousClock.now - start).seconds, actions: taken, covered: covered))
    }

    /// Keeps each of `breaches` met at `kind` after `actions`, unless its invariant broke there
    /// already.
    mutating func note(_ breaches: [Breach], kind: String, actions: [ExploreAction]) {
        for breach in breaches where foundKeys.insert(breach.invariant.rawValue + " " + kind).inserted {
            findings.append(Finding(breach: breach, sceneKind: kind, actions: actions))
        }
    }

    /// `data` of `event` took a problem away from the form of `kind`, made it offer more, or
    /// opened a screen: it is worth entering again, and later walks fill a whole form right
    /// more often than chance would.
    mutating func accept(_ data: JSONValue, of event: String, at kind: String) {
        guard !(accepted[kind]?[event]?.contains(data) ?? false) else { return }
        accepted[kind, default: [:]][event, default: []].append(data)
    }
}
