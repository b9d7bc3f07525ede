import ProbeApp
import Testing
import ViperCore
import ViperJSON

@testable import ViperTesting

/// `valid-lines` against the protocol's own JSON Schema, as `viper schema` makes it for the
/// engine's apps (here the planted app's).
struct SchemaValidatorTests {
    private let validator = SchemaValidator(document: ProtocolSchema.document(for: [PlantedApp.factory(fixed: true)]))

    private func problem(_ line: JSONValue) -> String? {
        validator.problemWithEngineLine(line)
    }

    @Test func theEnginesLinesAreValid() {
        #expect(problem(["jsonrpc": "2.0", "id": 3, "result": [:]]) == nil)
        #expect(problem(["jsonrpc": "2.0", "id": 3, "error": ["code": -32602, "message": "Invalid params: …", "data": ["kind": "invalidParams", "path": "params.data.date"]]]) == nil)
        #expect(problem(["jsonrpc": "2.0", "method": "view.navigate", "params": ["action": "push", "from": "planted.home#1", "kind": "planted.plan", "scene": "planted.plan#1"]]) == nil)
        #expect(problem(["jsonrpc": "2.0", "method": "view.render", "params": ["kind": "planted.plan", "scene": "planted.plan#1", "viewModel": ["date": "2026-11-19"]]]) == nil)
        #expect(problem(["jsonrpc": "2.0", "method": "view.render", "params": ["kind": "planted.plan", "scene": "planted.plan#1", "viewModel": ["date": .null]]]) == nil)
    }

    @Test func aLineOfAnotherShapeIsNamedAtItsPath() {
        #expect(problem(["jsonrpc": "2.0", "method": "view.render", "params": ["kind": "planted.plan", "scene": "planted.plan#1", "viewModel": ["date": "19 Nov"]]])
            == #"line.params.viewModel.date is "19 Nov", which does not match ^[0-9]{4}-[0-9]{2}-[0-9]{2}$"#)
        #expect(problem(["jsonrpc": "2.0", "method": "view.render", "params": ["kind": "planted.plan", "scene": "planted.plan#1", "viewModel": ["date": .null, "extra": 1]]])
            == "line.params.viewModel.extra is not a member the schema allows")
        #expect(problem(["jsonrpc": "2.0", "method": "view.navigate", "params": ["action": "slide", "kind": "planted.plan", "scene": "planted.plan#1"]]) != nil)
        #expect(problem(["jsonrpc": "2.0", "id": 3]) != nil)
        #expect(problem(["jsonrpc": "2.0", "method": "view.flash", "params": [:]])?.contains("matches none of the") == true)
    }
}
