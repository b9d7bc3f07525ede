import Foundation
import ViperCore

/// What an exploration of one app found: how far it walked, the invariants it broke with
/// their shortest stories, and the map of what it reached.
package struct ExploreReport: Sendable {
    package let app: String
    /// Actions taken, over every walk.
    package let steps: Int
    /// Sessions walked from the root.
    package let walks: Int
    /// Distinct states reached: stacks of scene kinds with their view models.
    package let states: Int
    package let walkDuration: Duration
    /// The invariants broken, each with its shortest story.
    package let findings: [Finding]
    /// Breaches that did not come back when their story was played again: they hang on
    /// timing, and are reported without failing the run.
    package let unconfirmed: [Finding]
    package let map: ExploreMap
    /// Each time the walk covered more: scenes reached and events sent, of `map.totalCoverage`.
    package let timeline: [Sample]

    /// How much the walk had covered at one moment.
    package struct Sample: Sendable {
        /// Since the walk began.
        package let seconds: Double
        /// Actions taken by then.
        package let actions: Int
        /// Scenes reached and events sent by then.
        package let covered: Int
    }

    /// The timeline as CSV: one row per sample, with what there is to cover, and a last row
    /// when the walk ended.
    package var timelineCSV: String {
        let total = map.totalCoverage.total
        let end = Sample(seconds: max(walkDuration.seconds, timeline.last?.seconds ?? 0), actions: steps, covered: timeline.last?.covered ?? 0)
        return "seconds,actions,covered,total\n" + (timeline + [end]).map { String(format: "%.3f", $0.seconds) + ",\($0.actions),\($0.covered),\(total)" }
            .joined(separator: "\n") + "\n"
    }

    /// Actions a second, over the walk.
    package var stepsPerSecond: Double {
        walkDuration.seconds > 0 ? Double(steps) / walkDuration.seconds : 0
    }

    /// The report as a person reads it.
    package func summary(files: [String: String] = [:]) -> String {
        let coverage = map.eventCoverage
        var lines = [
            "\(app): \(steps) actions in \(walks) walk\(walks == 1 ? "" : "s"), \(states) states, \(Self.format(stepsPerSecond)) actions/s; "
                + "\(map.reached.count) of \(map.kinds.count) scenes reached, \(coverage.sent) of \(coverage.total) of their events sent"
        ]
        if findings.isEmpty {
            lines.append("  every invariant held")
        }
        for finding in unconfirmed {
            lines.append("  ? \(finding.breach.invariant.rawValue) at \(finding.sceneKind), once, not again when replayed (timing): \(finding.breach.headline)")
        }
        for finding in findings {
            let story = files[finding.breach.invariant.rawValue + " " + finding.sceneKind].map { " → \($0)" } ?? ""
            lines.append("  ✘ \(finding.breach.invariant.rawValue) at \(finding.sceneKind): \(finding.breach.headline)")
            lines.append("    shortest story: \(finding.length) action\(finding.length == 1 ? "" : "s") (found after \(finding.foundLength), shrunk in \(finding.replays) replays, \(Self.milliseconds(finding.shrinkDuration)) ms)"
                + story)
        }
        return lines.joined(separator: "\n")
    }

    private static func format(_ value: Double) -> String {
        String(Int(value.rounded()))
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        Int(duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000)
    }
}
