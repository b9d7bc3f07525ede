import ViperTesting
import Testing
import ViperCore

@testable import ViperCLI
import ViperJSON

struct ScreenTests {
    private let printer = ExchangePrinter(style: .plain, width: 44)

    private func screen(_ scene: String, _ viewModel: String) throws -> String {
        printer.screen(scene, try JSONParser.parse(Array(viewModel.utf8))).joined(separator: "\n")
    }

    @Test func theListShowsEachSectionWithItsToDosAndTheirDays() throws {
        #expect(try screen("todo.list#1", #"{"isEmpty":false,"sections":[{"kind":"today","title":"Today","items":[{"id":"1","title":"Buy milk","dueDate":"2026-11-19","dueDay":""}]},{"kind":"nextWeek","title":"Next Week","items":[{"id":"2","title":"A title far too long for this narrow screen","dueDate":"2026-11-24","dueDay":"Tuesday"}]}]}"#) == """
            ┌─ ToDo · todo.list#1 ─────────────────────┐
            │ Today                                    │
            │   • Buy milk                  2026-11-19 │
            │ Next Week                                │
            │   • A title far too…  Tuesday 2026-11-24 │
            │                                          │
            │ [addTapped]                              │
            └──────────────────────────────────────────┘
            """)
    }

    @Test func anEmptyListSaysThereIsNothingToDo() throws {
        #expect(try screen("todo.list#1", #"{"isEmpty":true,"sections":[]}"#).contains("│ Nothing to do."))
    }

    @Test func theFormShowsItsFieldsWhySaveIsDisabledAndWhetherItIs() throws {
        #expect(try screen("todo.add#1", #"{"title":"","dueDate":null,"saveEnabled":false,"problems":["Enter a title","Pick a due date"]}"#) == """
            ┌─ New ToDo · todo.add#1 ──────────────────┐
            │ Title     —                              │
            │ Due date  —                              │
            │                                          │
            │ ! Enter a title                          │
            │ ! Pick a due date                        │
            │                                          │
            │ [cancelTapped]    [saveTapped: disabled] │
            └──────────────────────────────────────────┘
            """)
        let ready = try screen("todo.add#1", #"{"title":"Buy milk","dueDate":"2026-11-20","saveEnabled":true,"problems":[]}"#)
        #expect(!ready.contains("!"))
        #expect(ready.contains(#"│ Title     "Buy milk""#))
        #expect(ready.contains("│ Due date  2026-11-20"))
        #expect(ready.contains("│ [cancelTapped]              [saveTapped] │"))
    }

    @Test func anAlertIsADoubleBoxWithItsMessageWrapped() throws {
        #expect(try screen("alert#1", #"{"title":"Could Not Save","message":"The ToDo could not be saved: disk full. Your entry is kept; try again.","actions":["OK"]}"#) == """
            ╔═ alert#1 ════════════════════════════════╗
            ║ Could Not Save                           ║
            ║ The ToDo could not be saved: disk full.  ║
            ║ Your entry is kept; try again.           ║
            ║                                          ║
            ║ dismissTapped                     [ OK ] ║
            ╚══════════════════════════════════════════╝
            """)
    }

    @Test func otherScenesShowTheirMembersOnePerLine() throws {
        let text = try screen("weather.detail#1", #"{"city":"Paris","days":[{"high":12}]}"#)
        #expect(text.contains("│ city: Paris"))
        #expect(text.contains("│ days:"))
        #expect(text.contains("│   - high: 12"))
    }

    @Test func navigationReadsAsSentencesAndErrorsAreLeftToTheREPL() {
        let exchange = Exchange(sent: "", raw: false, output: [
            #"{"jsonrpc":"2.0","method":"view.navigate","params":{"action":"present","from":"todo.list#1","kind":"todo.add","scene":"todo.add#1"}}"#,
            #"{"jsonrpc":"2.0","method":"view.navigate","params":{"action":"dismiss","from":"todo.list#1","kind":"todo.add","scene":"todo.add#1"}}"#,
            #"{"jsonrpc":"2.0","method":"view.navigate","params":{"action":"dismiss","kind":"todo.list","scene":"todo.list#1"}}"#,
            #"{"error":{"code":-32602,"data":{"kind":"unknownScene"},"message":"Invalid params: no live scene is 'x#1'."},"id":3,"jsonrpc":"2.0"}"#,
        ])
        #expect(printer.lines(for: exchange) == [
            "→ todo.add#1 presented over todo.list#1",
            "← todo.add#1 dismissed, back to todo.list#1",
            "← todo.list#1 dismissed, nothing left",
        ])
    }

    @Test func coloursAreOnlyThereWhenAsked() throws {
        let colored = ExchangePrinter(style: TextStyle(colored: true), width: 44)
        #expect(colored.screen("alert#1", ["title": "T", "message": "M", "actions": ["OK"]]).joined().contains("\u{1B}["))
        #expect(!(try screen("alert#1", #"{"title":"T","message":"M","actions":["OK"]}"#)).contains("\u{1B}"))
    }
}
