import Testing
@testable import ViperTesting

/// What `viper dev` reports of each request replayed into a rebuilt engine.
struct ReplayComparisonTests {
    private func render(_ scene: String, _ viewModel: String) -> String {
        #"{"jsonrpc":"2.0","method":"view.render","params":{"scene":"\#(scene)","kind":"todo.add","viewModel":\#(viewModel)}}"#
    }

    private let answered = #"{"jsonrpc":"2.0","id":4,"result":{}}"#

    @Test func aRenderThatCameOutDifferentIsReportedFieldByField() {
        let comparison = ReplayComparison(
            old: [render("todo.add#1", #"{"title":"Buy","saveEnabled":false}"#), answered],
            new: [render("todo.add#1", #"{"title":"BUY","saveEnabled":false}"#), answered])
        #expect(comparison.refusal == nil)
        #expect(comparison.changedRenders == [.init(scene: "todo.add#1", differences: [#"viewModel.title: expected "Buy", actual "BUY""#])])
    }

    @Test func theSameRendersChangeNothingAndOnlyEachScenesLastRenderCounts() {
        let old = [render("todo.add#1", #"{"title":"a"}"#), render("todo.add#1", #"{"title":"b"}"#), answered]
        let new = [render("todo.add#1", #"{"title":"x"}"#), render("todo.add#1", #"{"title":"b"}"#), answered]
        #expect(ReplayComparison(old: old, new: new).changedRenders == [])
    }

    @Test func aStringThatLooksLikeAMarkerIsComparedAsItIs() {
        let comparison = ReplayComparison(
            old: [render("todo.add#1", #"{"title":"{{any}}"}"#), answered], new: [render("todo.add#1", #"{"title":"Buy"}"#), answered])
        #expect(comparison.changedRenders.map(\.differences) == [[#"viewModel.title: expected "{{any}}", actual "Buy""#]])
    }

    @Test func aSceneRenderedOnlyBeforeOrOnlyNowIsNamed() {
        let comparison = ReplayComparison(
            old: [render("todo.list#1", #"{"isEmpty":true}"#), answered], new: [render("todo.add#1", #"{"title":""}"#), answered])
        #expect(comparison.changedRenders == [
            .init(scene: "todo.list#1", differences: ["no longer rendered"]),
            .init(scene: "todo.add#1", differences: ["rendered, which it was not before"]),
        ])
    }

    @Test func aRequestTheNewEngineRefusesIsARefusalWithItsMessage() {
        let refused = #"{"jsonrpc":"2.0","id":4,"error":{"code":-32602,"message":"Invalid params: scene todo.add#1 has no event 'saveTapped'."}}"#
        let comparison = ReplayComparison(old: [render("todo.add#1", #"{"title":""}"#), answered], new: [refused])
        #expect(comparison.refusal == "Invalid params: scene todo.add#1 has no event 'saveTapped'.")
    }

    @Test func aRequestRefusedBeforeTooIsNoRefusalOfTheChange() {
        let refused = #"{"jsonrpc":"2.0","id":4,"error":{"code":-32001,"message":"Event disabled"}}"#
        #expect(ReplayComparison(old: [refused], new: [refused]).refusal == nil)
    }
}
