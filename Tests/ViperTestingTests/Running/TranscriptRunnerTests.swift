import Foundation
import Testing
import ViperCore
import ViperJSON

@testable import ViperTesting

struct TranscriptRunnerTests {
    private let addTapped = """
        > view.event {"scene":"todo.list#1","event":"addTapped"}
        < {"method":"view.navigate","params":{"action":"present","from":"todo.list#1","kind":"todo.add","scene":"{{add}}"}}
        < {"method":"view.render","params":{"kind":"todo.add","scene":"{{add}}","viewModel":{"dueDate":null,"problems":["Enter a title","Pick a due date"],"saveEnabled":false,"title":""}}}
        < {"result":{}}

        """

    @Test func aTranscriptThatMatchesPassesAndCapturesFeedLaterRequests() async throws {
        let folder = try TranscriptFolder(["ok.transcript": todoOpening + addTapped + """
            > view.event {"scene":"{{add}}","event":"cancelTapped"}
            < {"method":"view.navigate","params":{"action":"dismiss","from":"todo.list#1","kind":"todo.add","scene":"todo.add#1"}}
            < {"result":{}}
            """])
        let report = try await TranscriptRunner(engine: todoEngine, isCI: false).run(paths: [folder.path])
        #expect(report.summary == "1 passed, 0 failed")
        #expect(report.results.first?.failure == nil)
    }

    @Test func aWrongValueFailsNamingTheFileLineRequestAndDifference() async throws {
        let folder = try TranscriptFolder(["wrong.transcript": todoOpening + """
            > view.event {"scene":"todo.list#1","event":"addTapped"}
            < {"method":"view.navigate","params":{"action":"present","from":"todo.list#1","kind":"todo.add","scene":"todo.add#1"}}
            < {"method":"view.render","params":{"kind":"todo.add","scene":"todo.add#1","viewModel":{"dueDate":null,"problems":["Enter a title","Pick a due date"],"saveEnabled":true,"title":""}}}
            < {"result":{}}
            > engine.state
            < {"result":{}}
            """])
        let report = try await TranscriptRunner(engine: todoEngine, isCI: false).run(paths: [folder.path])
        #expect(report.summary == "0 passed, 1 failed")
        let failure = try #require(report.results.first?.failure)
        #expect(failure.location == folder.path("wrong.transcript") + ":9")
        let text = failure.description
        #expect(text.contains(#"> view.event {"scene":"todo.list#1","event":"addTapped"}"#))
        #expect(text.contains("- expected") && text.contains("+ actual"))
        #expect(text.contains("at params.viewModel.saveEnabled: expected true, actual false"))
        // The transcript stopped at the failing step: engine.state never ran, so no second failure.
        #expect(!text.contains("engine.state"))
    }

    @Test func aChangedLineIsWrittenOnceWithWhereItDiffersAroundTheDifference() async throws {
        let folder = try TranscriptFolder(["long.transcript": todoOpening + """
            > view.event {"scene":"todo.list#1","event":"addTapped"}
            < {"method":"view.navigate","params":{"action":"present","from":"todo.list#1","kind":"todo.add","scene":"todo.add#1"}}
            < {"method":"view.render","params":{"kind":"todo.add","scene":"todo.add#1","viewModel":{"dueDate":null,"problems":["Enter a title","Pick a due date, one that is not before today, and that the whole long sentence hides"],"saveEnabled":false,"title":""}}}
            < {"result":{}}
            """])
        let report = try await TranscriptRunner(engine: todoEngine, isCI: false).run(paths: [folder.path])
        let text = try #require(report.results.first?.failure).description
        // The changed line once, marked ~, not once as expected and once as actual.
        #expect(text.contains("    ~ {\"method\":\"view.render\""), "\(text)")
        #expect(!text.contains("    - {\"method\":\"view.render\""))
        #expect(!text.contains("    + {\"method\":\"view.render\""))
        #expect(text.contains(#"at params.viewModel.problems[1]: expected "Pick a due date, one that is not before today, and that the whole long…", actual "Pick a due date""#))
    }

    @Test func twoLongTextsThatDifferNearTheirEndShowWhereTheyDiffer() {
        var captures = Captures()
        let base = "http://weather.test/v1/forecast?latitude=52.5244&longitude=13.4105&current=temperature_2m,weather_code"
        let differences = JSONDifference.between(
            expected: .string(base + "&forecast_days=7&timezone=UTC"), actual: .string(base + "&start_date=2026-11-23&timezone=UTC"), captures: &captures)
        #expect(differences.map(\.description) == [
            #"the line: expected "…ure_2m,weather_code&forecast_days=7&timezone=UTC", actual "…ure_2m,weather_code&start_date=2026-11-23&timezone=UTC""#,
        ])
    }

    @Test func aTranscriptWrittenForAnotherEngineIsSkippedByAnEngineOfAnotherProgram() async throws {
        let folder = try TranscriptFolder([
            "other.transcript": "$ ProbeServer serve\n" + todoOpening,
            "ours.transcript": "$ viper serve\n" + todoOpening,
        ])
        let viper = try await TranscriptRunner(engine: todoEngine, isCI: false, program: "viper").run(paths: [folder.path])
        #expect(viper.summary == "1 passed, 0 failed, 1 skipped")
        #expect(viper.junitXML().contains(#"<skipped message="written for ProbeServer; play it with --exec &quot;ProbeServer …&quot;"/>"#))
        let anyProgram = try await TranscriptRunner(engine: todoEngine, isCI: false).run(paths: [folder.path])
        #expect(anyProgram.summary == "2 passed, 0 failed")
    }

    @Test func transcriptsDoNotSeeEachOthersData() async throws {
        let save = todoOpening + addTapped + """
            > view.event {"scene":"todo.add#1","event":"titleChanged","data":{"title":"Milk"}}
            < {"method":"view.render","params":{"kind":"todo.add","scene":"todo.add#1","viewModel":{"dueDate":null,"problems":["Pick a due date"],"saveEnabled":false,"title":"Milk"}}}
            < {"result":{}}
            > view.event {"scene":"todo.add#1","event":"dueDateChanged","data":{"dueDate":"2026-11-19"}}
            < {"method":"view.render","params":{"kind":"todo.add","scene":"todo.add#1","viewModel":{"dueDate":"2026-11-19","problems":[],"saveEnabled":true,"title":"Milk"}}}
            < {"result":{}}
            > view.event {"scene":"todo.add#1","event":"saveTapped"}
            < {"method":"view.navigate","params":{"action":"dismiss","from":"todo.list#1","kind":"todo.add","scene":"todo.add#1"}}
            < {"method":"view.render","params":{"kind":"todo.list","scene":"todo.list#1","viewModel":{"isEmpty":false,"sections":[{"items":[{"dueDate":"2026-11-19","dueDay":"","id":"1","title":"Milk"}],"kind":"today","title":"Today"}]}}}
            < {"result":{}}
            """
        // Twenty copies at once: each must start from an empty list and get id 1.
        let folder = try TranscriptFolder(Dictionary(uniqueKeysWithValues: (0..<20).map { ("save\($0).transcript", save) }))
        let report = try await TranscriptRunner(engine: todoEngine, jobs: 8, isCI: false).run(paths: [folder.path])
        #expect(report.summary == "20 passed, 0 failed", "\(report)")
    }

    @Test func aMissingExpectationFailsAndShowsTheAnswerUnlessUpdating() async throws {
        let folder = try TranscriptFolder(["new.transcript": todoOpening + "> engine.state\n"])
        let report = try await TranscriptRunner(engine: todoEngine, isCI: false).run(paths: [folder.path])
        let failure = try #require(report.results.first?.failure)
        #expect(failure.location == folder.path("new.transcript") + ":7")
        #expect(failure.description.contains("no expected lines for this request; record them with `viper test --update"))
        #expect(failure.description.contains(#"< {"id":3,"jsonrpc":"2.0","result":{"stack":[{"#))
        #expect(try folder.text("new.transcript") == todoOpening + "> engine.state\n")
    }

    @Test func underCIAMissingExpectationFailsEvenWithUpdateAndNothingIsWritten() async throws {
        let folder = try TranscriptFolder(["new.transcript": todoOpening + "> engine.state\n"])
        let report = try await TranscriptRunner(engine: todoEngine, update: true, isCI: true).run(paths: [folder.path])
        #expect(report.summary == "0 passed, 1 failed")
        #expect(report.results.first?.failure?.description.contains("CI is set, so nothing is recorded") == true)
        #expect(try folder.text("new.transcript") == todoOpening + "> engine.state\n")
    }

    @Test func updateRecordsMissingAndWrongExpectationsAndTheFileThenPasses() async throws {
        let folder = try TranscriptFolder(["t.transcript": todoOpening + """
            # opens the form
            > view.event {"scene":"todo.list#1","event":"addTapped"}
            < {"result":"wrong"}
            > engine.state
            """])
        let updated = try await TranscriptRunner(engine: todoEngine, update: true, isCI: false).run(paths: [folder.path])
        #expect(updated.results.first?.outcome == .updated(steps: 2))
        let text = try folder.text("t.transcript")
        #expect(text.hasPrefix(todoOpening + "# opens the form\n"))
        #expect(text.contains(#"< {"method":"view.navigate","params":{"action":"present","from":"todo.list#1","kind":"todo.add","scene":"todo.add#1"}}"#))
        let again = try await TranscriptRunner(engine: todoEngine, isCI: false).run(paths: [folder.path])
        #expect(again.summary == "1 passed, 0 failed")
    }

    @Test func aMarkerUsedBeforeItIsCapturedFailsTheStep() async throws {
        let folder = try TranscriptFolder(["t.transcript": todoOpening + """
            > view.event {"scene":"{{nowhere}}","event":"addTapped"}
            < {"result":{}}
            """])
        let report = try await TranscriptRunner(engine: todoEngine, isCI: false).run(paths: [folder.path])
        #expect(report.results.first?.failure?.description.contains("{{nowhere}} is used before an expected line captured it") == true)
    }

    @Test func aReplyWhenTheEngineAskedNothingFailsTheStep() async throws {
        let folder = try TranscriptFolder(["t.transcript": todoOpening + """
            > reply {"status":200}
            < {"result":{}}
            """])
        let report = try await TranscriptRunner(engine: todoEngine, isCI: false).run(paths: [folder.path])
        #expect(report.results.first?.failure?.description.contains("nothing to reply to: the engine has sent no request that waits for an answer") == true)
    }

    @Test func aWaitForLinesThatNeverComeFailsSayingWhatCame() async throws {
        let folder = try TranscriptFolder(["t.transcript": todoOpening + """
            > wait 100ms
            < {"method":"view.render","params":{}}
            """])
        let report = try await TranscriptRunner(engine: todoEngine, isCI: false).run(paths: [folder.path])
        #expect(report.results.first?.failure?.description.contains("waited 0.1 seconds for 1 line the engine would write by itself; 0 came") == true, "\(report)")
    }

    @Test func rawLinesAndNotificationsCompareWhatTheyCaused() async throws {
        let folder = try TranscriptFolder(["raw.transcript": """
            >> {"jsonrpc":"2.0","method":"engine.state"}
            <
            >> [1]
            < {"error":{"code":-32600,"data":{"kind":"batchNotSupported"},"message":"{{*}}"}}
            >> {"jsonrpc":"2.0","id":"mine","method":"engine.state"}
            < {"error":{"code":-32002,"data":{"kind":"notInitialized"},"message":"{{*}}"}}
            """])
        let report = try await TranscriptRunner(engine: todoEngine, isCI: false).run(paths: [folder.path])
        #expect(report.summary == "1 passed, 0 failed", "\(report)")
    }

    @Test func faultInjectionIsThereOnlyForTranscriptsThatAskForIt() async throws {
        let inject = """
            > initialize
            < {"result":"{{*}}"}
            > debug.injectFault {"operation":"todo.save","message":"disk full"}
            < {"result":{}}
            """
        let folder = try TranscriptFolder(["asks.transcript": "$ viper serve --enable-fault-injection\n" + inject, "silent.transcript": inject])
        let report = try await TranscriptRunner(engine: todoEngine, isCI: false).run(paths: [folder.path])
        #expect(report.results.map(\.passed) == [true, false])
    }

    @Test func optionsAnInProcessEngineCannotHonourAreRefused() async throws {
        let folder = try TranscriptFolder(["t.transcript": "$ viper serve --db /tmp/x.sqlite\n> initialize\n<\n"])
        let report = try await TranscriptRunner(engine: todoEngine, isCI: false).run(paths: [folder.path])
        #expect(report.results.first?.failure?.description.contains("run them with --exec") == true)
    }

    @Test func foldersAreSearchedRecursivelyForTranscriptsSkippingHiddenOnes() async throws {
        let folder = try TranscriptFolder([
            "a.transcript": "", "sub/b.transcript": "", "sub/notes.txt": "", ".hidden/c.transcript": "",
        ])
        #expect(try TranscriptFiles.find(in: [folder.path]) == [folder.path("a.transcript"), folder.path("sub/b.transcript")])
        #expect(throws: TranscriptFiles.NotFound.self) { try TranscriptFiles.find(in: [folder.path("nope")]) }
    }

    @Test func theJUnitReportHasACaseForEveryTranscriptAndTheFailureText() async throws {
        let folder = try TranscriptFolder(["a.transcript": "> initialize\n< {\"result\":\"{{*}}\"}\n", "b.transcript": "> initialize\n< {\"result\":1}\n"])
        let report = try await TranscriptRunner(engine: todoEngine, isCI: false).run(paths: [folder.path])
        let xml = report.junitXML()
        #expect(xml.contains(#"<testsuites name="viper test" tests="2" failures="1""#))
        #expect(xml.contains(#"<testcase name="\#(folder.path("a.transcript"))""#))
        #expect(xml.contains("<failure message=\"the engine answered differently\">"))
        #expect(xml.contains("at result: expected 1, actual {&quot;apps&quot;"))
    }

    @Test func aRunThatFindsNoTranscriptOrNoRequestsDoesNotPass() async throws {
        let empty = try TranscriptFolder(["notes.txt": "nothing here"])
        await #expect(throws: TranscriptFiles.NoneFound.self) { try await TranscriptRunner(engine: todoEngine, isCI: false).run(paths: [empty.path]) }
        let hollow = try TranscriptFolder(["hollow.transcript": "# only a comment\n"])
        let report = try await TranscriptRunner(engine: todoEngine, isCI: false).run(paths: [hollow.path])
        #expect(report.results.first?.failure?.description.contains("the transcript has no requests, so it tests nothing") == true)
    }

    @Test func aStepThatOnlyGainedLinesFailsAtItsRequestLine() async throws {
        let folder = try TranscriptFolder(["t.transcript": "> initialize\n< {\"result\":\"{{*}}\"}\n> app.start {\"app\":\"todo\"}\n< {\"result\":{\"scene\":\"todo.list#1\"}}\n"])
        let report = try await TranscriptRunner(engine: todoEngine, isCI: false).run(paths: [folder.path])
        #expect(report.results.first?.failure?.location == folder.path("t.transcript") + ":3")
    }

    @Test func verifyThrowsTheReportWhenAnythingFailed() async throws {
        let folder = try TranscriptFolder(["b.transcript": "> initialize\n< {\"result\":1}\n"])
        await #expect(throws: TranscriptReport.self) { try await TranscriptRunner(engine: todoEngine, isCI: false).verify(folder.path) }
    }
}
