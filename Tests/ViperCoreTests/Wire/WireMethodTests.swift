import Testing
import ViperJSON

@testable import ViperCore

/// The clients' names of the methods are the engine's: every method a session answers, and
/// every one it sends, is a `WireMethod`, and no `WireMethod` is a method nobody speaks.
@Suite struct WireMethodTests {
    @Test func everyMethodTheEngineAnswersOrSendsIsOneOfTheVocabulary() {
        let answered = Set(Session.methodTable(version: .newest, allowingFaults: true).keys)
        let sent: Set<String> = [
            ViewRenderNotification<RawJSON>.wireMethod.rawValue, ViewNavigateNotification.wireMethod.rawValue, EffectHTTPRequest.wireMethod.rawValue,
            CancelRequestNotification.method,
        ]
        #expect(Set(WireMethod.allCases.map(\.rawValue)) == answered.union(sent))
        #expect(WireMethod.appStart.rawValue == AppStartRequest.method)
    }

    @Test func aMessageSaysItsMethodOnlyWhenItIsOneOfTheWires() {
        #expect((["jsonrpc": "2.0", "method": "view.render", "params": [:]] as JSONValue).wireMethod == .viewRender)
        #expect((["jsonrpc": "2.0", "method": "view.rendered"] as JSONValue).wireMethod == nil)
        #expect((["jsonrpc": "2.0", "id": 1, "result": [:]] as JSONValue).wireMethod == nil)
    }
}
