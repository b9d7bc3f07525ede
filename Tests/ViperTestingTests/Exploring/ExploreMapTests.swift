import Testing
import ViperJSON

@testable import ViperTesting

/// The coverage table says of an event that never changed anything only what the walk knows:
/// never enabled when its view model enables it with a flag, changed nothing otherwise.
struct ExploreMapTests {
    private static let description = SessionDescription([
        "apps": [["name": "demo", "rootScene": "demo.list", "scenes": ["demo.list", "demo.form"]]],
        "scenes": [
            [
                "kind": "demo.list", "events": [["name": "refreshTapped", "data": []], ["name": "addTapped", "data": []]],
                "viewModel": [["name": "items", "type": "array", "nullable": false]],
            ],
            [
                "kind": "demo.form", "events": [["name": "saveTapped", "data": []], ["name": "cancelTapped", "data": []]],
                "viewModel": [["name": "saveEnabled", "type": "bool", "nullable": false]],
            ],
        ],
    ])

    private func event(_ name: String, on kind: String) -> ExploreAction {
        ExploreAction(move: .event(name: name, data: nil), sceneKind: kind, answers: [])
    }

    @Test func anEventThatChangedNothingIsNeverEnabledOnlyWhenAFlagEnablesIt() {
        var map = ExploreMap(description: Self.description, app: "demo", root: "demo.list")
        map.reach("demo.list")
        map.record(from: "demo.list", action: event("refreshTapped", on: "demo.list"), to: "demo.list", changed: false)
        map.record(from: "demo.list", action: event("addTapped", on: "demo.list"), to: "demo.form", changed: true)
        map.record(from: "demo.form", action: event("saveTapped", on: "demo.form"), to: "demo.form", changed: false)
        let table = map.coverageTable()
        #expect(table.contains("| demo.list | refreshTapped (changed nothing) | 1 | 0 |"))
        #expect(table.contains("| demo.list | addTapped | 1 | 1 |"))
        #expect(table.contains("| demo.form | saveTapped (never enabled) | 1 | 0 |"))
        #expect(table.contains("| demo.form | cancelTapped (never sent) | 0 | 0 |"))
        #expect(ExploreMap.enablingFlag(of: "sendButtonTapped") == "sendButtonEnabled")
    }
}
