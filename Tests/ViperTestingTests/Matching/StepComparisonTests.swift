import Testing
import ViperCore

@testable import ViperTesting
import ViperJSON

struct StepComparisonTests {
    private func expectations(_ lines: [String]) -> [TranscriptStep.Expectation] {
        lines.enumerated().map { index, line in
            .init(leadingLines: [], lineNumber: 10 + index, text: "< " + line, pattern: try! JSONParser.parse(Array(line.utf8)))
        }
    }

    private func compare(_ expected: [String], _ actual: [String], id: JSONValue = 1, captures: inout Captures) -> StepComparison {
        StepComparison(expected: expectations(expected), actual: actual, requestID: id, captures: &captures)
    }

    private func compare(_ expected: [String], _ actual: [String], id: JSONValue = 1) -> StepComparison {
        var captures = Captures()
        return compare(expected, actual, id: id, captures: &captures)
    }

    @Test func linesCompareAsJSONValuesWithJsonrpcAndTheStepsIdFilledIn() {
        let comparison = compare(
            [#"{"method":"view.render","params":{"b":1,"a":[1,2]}}"#, #"{"result":{}}"#],
            [#"{"jsonrpc":"2.0","method":"view.render","params":{"a":[1,2.0],"b":1}}"#, #"{"id":1,"jsonrpc":"2.0","result":{}}"#])
        #expect(comparison.passed)
        #expect(comparison.rows.count == 2)
    }

    @Test func aResponseToAnotherIdDoesNotMatch() {
        #expect(!compare([#"{"result":{}}"#], [#"{"id":2,"jsonrpc":"2.0","result":{}}"#]).passed)
        #expect(compare([#"{"id":2,"result":{}}"#], [#"{"id":2,"jsonrpc":"2.0","result":{}}"#]).passed)
    }

    @Test func anyMarkerAcceptsEveryValue() {
        #expect(compare([#"{"result":{"version":"{{*}}"}}"#], [#"{"id":1,"jsonrpc":"2.0","result":{"version":{"major":1}}}"#]).passed)
    }

    @Test func aCaptureTakesTheFirstValueAndRequiresItAgain() {
        var captures = Captures()
        #expect(compare([#"{"result":{"id":"{{item}}"}}"#], [#"{"id":1,"jsonrpc":"2.0","result":{"id":"41"}}"#], captures: &captures).passed)
        #expect(captures["item"] == "41")
        #expect(compare([#"{"result":{"id":"{{item}}"}}"#], [#"{"id":1,"jsonrpc":"2.0","result":{"id":"41"}}"#], captures: &captures).passed)
        let other = compare([#"{"result":{"id":"{{item}}"}}"#], [#"{"id":1,"jsonrpc":"2.0","result":{"id":"42"}}"#], captures: &captures)
        #expect(!other.passed)
        #expect(other.rows.contains(.differences([JSONDifference(path: "result.id", expected: #"{{item}} = "41""#, actual: #""42""#)])))
    }

    @Test func aChangedLineShowsBothVersionsAndThePathsThatDiffer() {
        let comparison = compare(
            [#"{"method":"a"}"#, #"{"method":"view.render","params":{"title":"Milk","x":1}}"#, #"{"result":{}}"#],
            [#"{"jsonrpc":"2.0","method":"a"}"#, #"{"jsonrpc":"2.0","method":"view.render","params":{"title":"Tea","y":1}}"#, #"{"id":1,"jsonrpc":"2.0","result":{}}"#])
        #expect(!comparison.passed)
        #expect(comparison.rows == [
            .same(#"{"method":"a"}"#),
            .expectedOnly(#"{"method":"view.render","params":{"title":"Milk","x":1}}"#, lineNumber: 11),
            .actualOnly(#"{"method":"view.render","params":{"title":"Tea","y":1}}"#),
            .differences([
                JSONDifference(path: "params.title", expected: #""Milk""#, actual: #""Tea""#),
                JSONDifference(path: "params.x", expected: "1", actual: "nothing"),
                JSONDifference(path: "params.y", expected: "nothing", actual: "1"),
            ]),
            .same(#"{"result":{}}"#),
        ])
    }

    @Test func anExtraLineShowsAsOneAddedRowAndTheRestStillAlign() {
        let comparison = compare(
            [#"{"method":"a"}"#, #"{"result":{}}"#],
            [#"{"jsonrpc":"2.0","method":"a"}"#, #"{"jsonrpc":"2.0","method":"b"}"#, #"{"id":1,"jsonrpc":"2.0","result":{}}"#])
        #expect(comparison.rows == [.same(#"{"method":"a"}"#), .actualOnly(#"{"method":"b"}"#), .same(#"{"result":{}}"#)])
        #expect(comparison.expectationForActual == [0, nil, 1])
    }

    @Test func aMissingLineShowsAsOneRemovedRowWithItsLineNumber() {
        let comparison = compare([#"{"method":"a"}"#, #"{"method":"b"}"#, #"{"result":{}}"#], [#"{"jsonrpc":"2.0","method":"a"}"#, #"{"id":1,"jsonrpc":"2.0","result":{}}"#])
        #expect(comparison.rows == [.same(#"{"method":"a"}"#), .expectedOnly(#"{"method":"b"}"#, lineNumber: 11), .same(#"{"result":{}}"#)])
    }

    @Test func aValueCapturedByOneLineIsRequiredOfTheNextInTheSameStep() {
        let comparison = compare(
            [#"{"method":"a","params":{"kind":"{{s}}"}}"#, #"{"method":"b","params":{"scene":"{{s}}"}}"#],
            [#"{"jsonrpc":"2.0","method":"a","params":{"kind":"todo.list"}}"#, #"{"jsonrpc":"2.0","method":"b","params":{"scene":"todo.list#1"}}"#])
        #expect(!comparison.passed)
        #expect(comparison.rows.contains(.differences([JSONDifference(path: "params.scene", expected: #"{{s}} = "todo.list""#, actual: #""todo.list#1""#)])))
    }

    @Test func outputThatIsNotJSONNeverMatches() {
        let comparison = compare([#"{"result":{}}"#], ["Segmentation fault"])
        #expect(!comparison.passed)
        #expect(comparison.rows.contains(.actualOnly("Segmentation fault")))
    }
}

struct MarkerTests {
    @Test func markersCaptureOrAcceptAnythingAndEscapedOnesAreLiteral() {
        #expect(Marker("{{*}}") == .any)
        #expect(Marker("{{scene_1}}") == .capture("scene_1"))
        #expect(Marker("\\{{x}}") == .literal("{{x}}"))
        #expect(Marker("\\\\{{x}}") == .literal("\\{{x}}"))
        #expect(Marker("{{a b}}") == nil)
        #expect(Marker("{{}}") == nil)
        #expect(Marker("x{{y}}") == nil)
        #expect(Marker(1) == nil)
    }

    @Test func anEscapedMarkerMatchesOnlyItsLiteralText() {
        var captures = Captures()
        #expect(JSONDifference.between(expected: "\\{{x}}", actual: "{{x}}", captures: &captures).isEmpty)
        #expect(!JSONDifference.between(expected: "\\{{x}}", actual: "other", captures: &captures).isEmpty)
        #expect(captures["x"] == nil)
    }

    @Test func requestsGetLiteralsAndCapturedValues() throws {
        var captures = Captures()
        captures.bind("scene", to: "todo.add#1")
        #expect(try captures.substitute(into: ["scene": "{{scene}}", "title": "\\{{scene}}"]) == ["scene": "todo.add#1", "title": "{{scene}}"])
    }

    @Test func writingThenReadingAStringThatLooksLikeAMarkerGivesItBack() {
        for text in ["{{x}}", "\\{{x}}", "\\\\{{*}}", "plain"] {
            let written = Marker.escaped(.string(text))
            var captures = Captures()
            #expect(JSONDifference.between(expected: written, actual: .string(text), captures: &captures).isEmpty, "\(text)")
        }
    }
}
