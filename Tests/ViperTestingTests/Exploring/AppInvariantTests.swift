import Foundation
import ProbeApp
import Testing
import ViperCore
import ViperJSON

@testable import ViperTesting

/// An app's own invariants (`ViperApp.invariants`): explore checks them at every step, finds
/// the planted app's total below zero three screens and ten events deep with its defaults,
/// shrinks it to its shortest story, and the story fails until the bug is fixed.
struct AppInvariantTests {
    /// The planted app in this process, without its crashes, which would end the test.
    private static func plantedEngine(fixed: Bool) -> ExploreTarget {
        .inProcess {
            (Engine(EngineConfiguration(apps: [PlantedApp.factory(fixed: fixed, crashes: false)], allowsFaultInjection: true, logger: .discarding)), {})
        }
    }

    private static func explore(fixed: Bool) async throws -> ExploreReport {
        var options = Explorer.Options(app: "planted", now: Date(timeIntervalSince1970: 1_795_078_800))
        options.appInvariants = PlantedApp.invariants
        // The default seed and steps; time enough for a machine busy with other tests.
        options.timeLimit = .seconds(600)
        return try await Explorer(target: plantedEngine(fixed: fixed), options: options, perform: nil).run()
    }

    @Test("with its defaults, explore finds the total below zero ten events deep, shrunk to its shortest story, which fails until the bug is fixed")
    func findsAndShrinksTheBrokenRule() async throws {
        let report = try await Self.explore(fixed: false)
        #expect(report.steps == 400)
        let finding = try #require(report.findings.first { $0.breach.invariant == .appInvariants }, "\(report.findings.map(\.breach))")
        #expect(finding.sceneKind == "planted.pay")
        #expect(finding.breach.message.contains("breaks planted.total-never-negative (the total to pay is never below zero): the total is -80"), "\(finding.breach.message)")
        // The trip, its four fields, next, a seat, continue, and the coupon twice.
        #expect(finding.length == 10, "\(finding.transcript(app: "planted", seed: 1, replay: ""))")
        let story = finding.transcript(app: "planted", seed: 1, replay: "")
        #expect(story.contains("! check app-invariants"))

        let folder = try TranscriptFolder(["story.transcript": story])
        func play(fixed: Bool) async throws -> TranscriptReport {
            try await TranscriptRunner(
                engine: .inProcess(apps: { [PlantedApp.factory(fixed: fixed, crashes: false)] }), isCI: true, appInvariants: PlantedApp.invariants
            ).run(paths: [folder.path])
        }
        let buggy = try await play(fixed: false)
        #expect(buggy.failedCount == 1)
        #expect(buggy.results.first?.failure?.message.hasPrefix("broke the invariant app-invariants") == true, "\(buggy)")
        #expect(try await play(fixed: true).failedCount == 0)
    }

    @Test("the fixed app keeps its rule on every step of the same walk")
    func theFixedAppKeepsIt() async throws {
        let report = try await Self.explore(fixed: true)
        #expect(!report.findings.contains { $0.breach.invariant == .appInvariants }, "\(report.findings.map(\.breach))")
    }

    @Test("a rule reads the view model of its scene's kind, as the wire has it, and says what is wrong")
    func aRuleReadsTheWireViewModel() throws {
        let rule = try #require(PlantedApp.invariants.first)
        let negative: JSONValue = ["seats": ["1F"], "total": -80, "agreed": false, "payEnabled": false, "paid": false]
        #expect(rule.kind == PlantedPayScene.kind)
        #expect(rule.breach(of: negative) == "the total is -80")
        #expect(rule.breach(of: ["seats": ["1F"], "total": 20, "agreed": false, "payEnabled": false, "paid": false]) == nil)
        // A view model of another shape is valid-lines' to report, not the rule's.
        #expect(rule.breach(of: ["total": "-80"]) == nil)
    }
}
