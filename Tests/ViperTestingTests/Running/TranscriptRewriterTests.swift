import Testing
import ViperCore

@testable import ViperTesting
import ViperJSON

struct TranscriptRewriterTests {
    @Test func markersStayWhereTheNewValueHasTheSameShape() throws {
        let pattern = try JSONParser.parse(Array(#"{"result":{"id":"{{item}}","engine":{"version":"{{*}}"},"title":"Milk"}}"#.utf8))
        let actual = try JSONParser.parse(Array(#"{"result":{"id":"7","engine":{"version":"0.2.0"},"title":"Tea","extra":1}}"#.utf8))
        #expect(TranscriptRewriter.keepingMarkers(of: pattern, in: actual)
            == ["result": ["id": "{{item}}", "engine": ["version": "{{*}}"], "title": "Tea", "extra": 1]])
    }

    @Test func onlyReplacedStepsChangeAndCommentsKeepTheirPlace() throws {
        let text = """
            $ viper serve
            # first
            > engine.state
            < {"result":"keep as written"}

            # second
            > app.start {"app":"todo"}
            # before the render
            < {"method":"view.render","params":{"version":"{{*}}","n":1}}
            < {"result":{}}
            # the end
            """
        let transcript = try TranscriptParser.parse(text, path: "t")
        var captures = Captures()
        let step = transcript.steps[1]
        let comparison = StepComparison(
            expected: step.expectations,
            actual: [#"{"jsonrpc":"2.0","method":"view.render","params":{"version":"9","n":2}}"#, #"{"id":2,"jsonrpc":"2.0","result":{}}"#],
            requestID: 2, captures: &captures)
        let lines = try #require(TranscriptRewriter.newLines(for: comparison, old: step, requestID: 2))
        let rewritten = TranscriptRewriter.text(of: transcript, replacing: [1: lines])
        #expect(rewritten == """
            $ viper serve
            # first
            > engine.state
            < {"result":"keep as written"}

            # second
            > app.start {"app":"todo"}
            # before the render
            < {"method":"view.render","params":{"n":2,"version":"{{*}}"}}
            < {"result":{}}
            # the end

            """)
    }

    @Test func aStepWithoutOutputIsWrittenAsABareLessThan() throws {
        let transcript = try TranscriptParser.parse(">> {\"jsonrpc\":\"2.0\",\"method\":\"x\"}\n", path: "t")
        var captures = Captures()
        let comparison = StepComparison(expected: [], actual: [], requestID: .null, captures: &captures)
        let lines = try #require(TranscriptRewriter.newLines(for: comparison, old: transcript.steps[0], requestID: .null))
        #expect(TranscriptRewriter.text(of: transcript, replacing: [0: lines]) == ">> {\"jsonrpc\":\"2.0\",\"method\":\"x\"}\n<\n")
    }

    @Test func commentsStayWhenTheAnswerBecomesNothing() throws {
        let transcript = try TranscriptParser.parse(">> {\"jsonrpc\":\"2.0\",\"method\":\"x\"}\n# it used to answer\n< {\"result\":{}}\n", path: "t")
        var captures = Captures()
        let comparison = StepComparison(expected: transcript.steps[0].expectations, actual: [], requestID: .null, captures: &captures)
        let lines = try #require(TranscriptRewriter.newLines(for: comparison, old: transcript.steps[0], requestID: .null))
        #expect(TranscriptRewriter.text(of: transcript, replacing: [0: lines]) == ">> {\"jsonrpc\":\"2.0\",\"method\":\"x\"}\n# it used to answer\n<\n")
    }

    @Test func aLineThatIsNotJSONIsNeverWrittenAsAnExpectation() throws {
        let transcript = try TranscriptParser.parse("> engine.state\n", path: "t")
        var captures = Captures()
        let comparison = StepComparison(expected: [], actual: ["Segmentation fault", #"{"id":1,"jsonrpc":"2.0","result":{}}"#], requestID: 1, captures: &captures)
        #expect(TranscriptRewriter.newLines(for: comparison, old: transcript.steps[0], requestID: 1) == nil)
    }

    @Test func valuesThatLookLikeMarkersAreEscapedAndTheVersionBecomesAny() {
        let written = TranscriptLines.expected(
            ["jsonrpc": "2.0", "id": 1, "result": ["engine": ["version": "9.9"], "title": "{{x}}", "path": "\\{{y}}"]],
            requestID: 1, answersInitialize: true)
        #expect(written == ["result": ["engine": ["version": "{{*}}"], "title": "\\{{x}}", "path": "\\\\{{y}}"]])
        #expect(TranscriptLines.request(method: "view.event", params: ["data": ["title": "{{x}}"]]) == #"> view.event {"data":{"title":"\\{{x}}"}}"#)
    }
}
