import Testing
import ViperCore
import ViperTesting

@testable import ViperCommandLine
import ViperJSON

/// Every scene is drawn the same way, from its view model and what `engine.describe` said of
/// its kind: the REPL knows no app.
struct ScreenTests {
    private let catalog = SceneCatalog.sample

    private func screen(_ scene: String, _ viewModel: String, presented: Set<String> = [], width: Int = 44) throws -> String {
        let printer = ExchangePrinter(style: .plain, width: width, catalog: catalog, presented: presented)
        return printer.screen(scene, try JSONParser.parse(Array(viewModel.utf8))).joined(separator: "\n")
    }

    @Test func membersComeInTheDescribedOrderListsBelowTheirNameAndButtonsLast() throws {
        #expect(try screen("todo.list#1", #"{"sections":[{"title":"Today","kind":"today","items":[{"dueDay":"","title":"Buy milk","id":"1","dueDate":"2026-11-19"}]}],"isEmpty":false}"#, width: 64) == """
            ┌─ todo.list#1 ────────────────────────────────────────────────┐
            │ isEmpty: false                                               │
            │ sections:                                                    │
            │   - kind: today                                              │
            │     title: Today                                             │
            │     items:                                                   │
            │       - id: 1                                                │
            │         title: Buy milk                                      │
            │         dueDate: 2026-11-19                                  │
            │         dueDay: ""                                           │
            │                                                              │
            │ [addTapped]                                                  │
            └──────────────────────────────────────────────────────────────┘
            """)
    }

    @Test func aRowThatFitsIsOneLineAndOneThatDoesNotHasAMemberPerLine() throws {
        let fits = try screen("todo.list#1", #"{"isEmpty":false,"sections":[{"kind":"k","title":"T","items":[{"id":"1","title":"Tea","dueDate":"2026-11-19","dueDay":""}]}]}"#, width: 72)
        #expect(fits.contains(#"│       - id: 1 · title: Tea · dueDate: 2026-11-19 · dueDay: "" "#))
        let long = try screen("todo.list#1", #"{"isEmpty":false,"sections":[{"kind":"k","title":"T","items":[{"id":"1","title":"A title far too long for one line","dueDate":"2026-11-19","dueDay":"Thursday"}]}]}"#)
        #expect(long.contains("│       - id: 1"))
        #expect(long.contains("│         title: A title far too long      │\n│           for one line"))
        #expect(long.contains("│         dueDay: Thursday"))
    }

    @Test func aPresentedFormHasADoubleBorderItsGatedButtonDisabledAndItsInputs() throws {
        #expect(try screen("todo.add#1", #"{"title":"","dueDate":null,"saveEnabled":false,"problems":["Enter a title"]}"#, presented: ["todo.add#1"]) == """
            ╔═ todo.add#1 ═════════════════════════════╗
            ║ title: ""                                ║
            ║ dueDate: —                               ║
            ║ problems:                                ║
            ║   - Enter a title                        ║
            ║                                          ║
            ║ [saveTapped: disabled] [cancelTapped]    ║
            ║ › titleChanged title=STRING              ║
            ║ › dueDateChanged dueDate=DAY|null        ║
            ╚══════════════════════════════════════════╝
            """)
        let ready = try screen("todo.add#1", #"{"title":"Buy milk","dueDate":"2026-11-20","saveEnabled":true,"problems":[]}"#)
        #expect(ready.contains("│ [saveTapped] [cancelTapped]"))
        #expect(ready.contains("│ problems: (none)"))
        #expect(!ready.contains("saveEnabled"), "a gate is shown on its button, not as a member")
    }

    @Test func buttonsWrapToTheWidthOfTheScreen() throws {
        let narrow = try screen("todo.add#1", #"{"title":"x","dueDate":null,"saveEnabled":true,"problems":[]}"#, width: 24)
        #expect(narrow.contains("│ [saveTapped]         │"))
        #expect(narrow.contains("│ [cancelTapped]       │"))
    }

    @Test func anAlertWrapsItsMessage() throws {
        #expect(try screen("alert#1", #"{"title":"Could Not Save","message":"The ToDo could not be saved: disk full. Your entry is kept; try again.","actions":["OK"]}"#, presented: ["alert#1"]) == """
            ╔═ alert#1 ════════════════════════════════╗
            ║ title: Could Not Save                    ║
            ║ message: The ToDo could not be saved:    ║
            ║   disk full. Your entry is kept; try     ║
            ║   again.                                 ║
            ║ actions:                                 ║
            ║   - OK                                   ║
            ║                                          ║
            ║ [dismissTapped]                          ║
            ╚══════════════════════════════════════════╝
            """)
    }

    @Test func aKindNobodyDescribedShowsItsMembersSortedAndNoButtons() throws {
        let text = try screen("weather.detail#1", #"{"city":"Paris","days":[{"high":12}],"current":{"wind":"5 km/h"}}"#)
        #expect(text.split(separator: "\n").map(String.init) == [
            "┌─ weather.detail#1 ───────────────────────┐",
            "│ city: Paris                              │",
            "│ current:                                 │",
            "│   wind: 5 km/h                           │",
            "│ days:                                    │",
            "│   - high: 12                             │",
            "└──────────────────────────────────────────┘",
        ])
    }

    @Test func navigationReadsAsSentencesAndErrorsAreLeftToTheREPL() {
        let exchange = Exchange(sent: "", raw: false, output: [
            #"{"jsonrpc":"2.0","method":"view.navigate","params":{"action":"present","from":"todo.list#1","kind":"todo.add","scene":"todo.add#1"}}"#,
            #"{"jsonrpc":"2.0","method":"view.navigate","params":{"action":"dismiss","from":"todo.list#1","kind":"todo.add","scene":"todo.add#1"}}"#,
            #"{"jsonrpc":"2.0","method":"view.navigate","params":{"action":"dismiss","kind":"todo.list","scene":"todo.list#1"}}"#,
            #"{"error":{"code":-32602,"data":{"kind":"unknownScene"},"message":"Invalid params: no live scene is 'x#1'."},"id":3,"jsonrpc":"2.0"}"#,
        ])
        #expect(ExchangePrinter(style: .plain, width: 44).lines(for: exchange) == [
            "→ todo.add#1 presented over todo.list#1",
            "← todo.add#1 dismissed, back to todo.list#1",
            "← todo.list#1 dismissed, nothing left",
        ])
    }

    @Test func coloursAreOnlyThereWhenAsked() throws {
        let colored = ExchangePrinter(style: TextStyle(colored: true), width: 44, catalog: catalog)
        #expect(colored.screen("alert#1", ["title": "T", "message": "M", "actions": ["OK"]]).joined().contains("\u{1B}["))
        #expect(!(try screen("alert#1", #"{"title":"T","message":"M","actions":["OK"]}"#)).contains("\u{1B}"))
    }

    @Test("A scene that renders under another gets one line, not a screen drawn over the top one")
    func coveredRender() {
        let exchange = Exchange(sent: nil, raw: false, output: [
            #"{"jsonrpc":"2.0","method":"view.render","params":{"kind":"todo.list","scene":"todo.list#1","viewModel":{"isEmpty":true,"sections":[]}}}"#,
        ])
        let printer = ExchangePrinter(style: .plain, width: 44, catalog: catalog, presented: ["todo.add#1"], stack: ["todo.list#1", "todo.add#1"])
        #expect(printer.lines(for: exchange) == ["· todo.list#1 changed under todo.add#1; show todo.list#1 draws it"])
    }

    @Test("Going back draws the scene it returns to, as it last showed, when nothing rendered it")
    func backDrawsTheSceneBelow() throws {
        let exchange = Exchange(sent: nil, raw: false, output: [
            #"{"jsonrpc":"2.0","method":"view.navigate","params":{"action":"dismiss","from":"todo.list#1","kind":"todo.add","scene":"todo.add#1"}}"#,
            #"{"id":4,"jsonrpc":"2.0","result":{}}"#,
        ])
        let list = try JSONParser.parse(Array(#"{"isEmpty":true,"sections":[]}"#.utf8))
        let printer = ExchangePrinter(style: .plain, width: 44, catalog: catalog, stack: ["todo.list#1"], viewModels: ["todo.list#1": list])
        let lines = printer.lines(for: exchange)
        #expect(lines.first == "← todo.add#1 dismissed, back to todo.list#1")
        #expect(lines.dropFirst().first?.hasPrefix("┌─ todo.list#1 ─") == true, "\(lines)")
    }

    @Test("A presented scene that renders and is dismissed in the same exchange keeps its double border")
    func presentedUntilDismissed() {
        let exchange = Exchange(sent: nil, raw: false, output: [
            #"{"jsonrpc":"2.0","method":"view.render","params":{"kind":"todo.add","scene":"todo.add#1","viewModel":{"dueDate":null,"problems":[],"saveEnabled":false,"title":"Saving"}}}"#,
            #"{"jsonrpc":"2.0","method":"view.navigate","params":{"action":"dismiss","from":"todo.list#1","kind":"todo.add","scene":"todo.add#1"}}"#,
            #"{"jsonrpc":"2.0","method":"view.render","params":{"kind":"todo.list","scene":"todo.list#1","viewModel":{"isEmpty":true,"sections":[]}}}"#,
        ])
        // Followed to its end, the stack no longer holds the form, nor its being presented.
        let lines = ExchangePrinter(style: .plain, width: 44, catalog: catalog, stack: ["todo.list#1"]).lines(for: exchange)
        #expect(lines.first?.hasPrefix("╔═ todo.add#1 ═") == true, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("┌─ todo.list#1 ─") })
    }
}
