import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The ToDo stories (protocol.md section 12: the list grouped by when ToDos are due, adding one,
/// its validation, cancelling, a save that fails), played over the wire against a real `viper serve`.
/// Every session fixes its clock, so output is deterministic and compared byte for byte.
struct ServeStoriesTests {
    /// Tuesday 2026-11-24: with Sunday-first weeks, this week runs Sun 22 – Sat 28 November and
    /// next week Sun 29 November – Sat 5 December.
    static let tuesday = "2026-11-24T09:00:00Z"

    // MARK: - Starting

    @Test func theListIsEmptyWhenTheAppStarts() throws {
        let engine = try ServeProcess()

        let initialized = try engine.call(Wire.initialize(1, now: Self.tuesday))
        #expect(initialized.count == 1)
        let response = try #require(initialized.last)
        let result = try #require(WireJSON.object(response)?["result"] as? [String: Any])
        #expect(result["protocolVersion"] is String)
        let engineInfo = result["engine"] as? [String: Any]
        #expect(engineInfo?["name"] as? String == "viper")
        #expect(engineInfo?["version"] is String)
        #expect((result["apps"] as? [String])?.contains("todo") == true)
        #expect(result["capabilities"] is [String: Any])

        expectSameLines(try engine.call(Wire.request(2, "app.start", #"{"app":"todo"}"#)), [
            Wire.navigate("root", "todo.list#1"),
            Wire.render("todo.list#1", Wire.emptyList),
            Wire.result(2, #"{"scene":"todo.list#1"}"#),
        ])
        let exit = try engine.finish()
        #expect(exit.status == 0)
        #expect(exit.remainingLines == [])
    }

    @Test func withoutNowTheSessionFollowsTheSystemClockInUTC() throws {
        func todayInUTC() -> String {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = "yyyy-MM-dd"
            return formatter.string(from: Date())
        }
        let engine = try ServeProcess()
        let before = todayInUTC()
        _ = try engine.call(Wire.request(1, "initialize"))
        _ = try engine.call(Wire.request(2, "app.start", #"{"app":"todo"}"#))
        let saved = try engine.addTodo("Buy milk", due: before)
        // Around midnight UTC the day may turn during the test; then there is nothing to compare.
        guard todayInUTC() == before else { return }

        expectEqual(try ListViewModel(lastRenderIn: saved).rows, [.init("today", "Buy milk", before, "")])
    }

    // MARK: - Creating

    @Test func savingANewToDoDismissesTheFormAndListsItTrimmedInItsSection() throws {
        let engine = try ServeProcess()
        try engine.startTodo(now: Self.tuesday)

        expectSameLines(try engine.call(Wire.event(3, "todo.list#1", "addTapped")), [
            Wire.navigate("present", "todo.add#1", from: "todo.list#1"),
            Wire.render("todo.add#1", Wire.addForm(title: "", dueDate: nil, saveEnabled: false)),
            Wire.result(3, "{}"),
        ])
        expectSameLines(try engine.call(Wire.event(4, "todo.add#1", "titleChanged", #"{"title":"  Buy milk "}"#)), [
            Wire.render("todo.add#1", Wire.addForm(title: "  Buy milk ", dueDate: nil, saveEnabled: false)),
            Wire.result(4, "{}"),
        ])
        expectSameLines(try engine.call(Wire.event(5, "todo.add#1", "dueDateChanged", #"{"dueDate":"2026-11-25"}"#)), [
            Wire.render("todo.add#1", Wire.addForm(title: "  Buy milk ", dueDate: "2026-11-25", saveEnabled: true)),
            Wire.result(5, "{}"),
        ])

        let saved = try engine.call(Wire.event(6, "todo.add#1", "saveTapped"))
        // The contract says only that ids are strings; take the one the engine gave.
        let id = try #require(try ListViewModel(lastRenderIn: saved).sections.first?.items.first?.id)
        expectSameLines(saved, [
            Wire.navigate("dismiss", "todo.add#1", from: "todo.list#1"),
            Wire.render("todo.list#1", Wire.list([
                ("tomorrow", [.init(id: id, title: "Buy milk", dueDate: "2026-11-25", dueDay: "Wednesday")]),
            ])),
            Wire.result(6, "{}"),
        ])
        expectSameLines(try engine.call(Wire.request(7, "engine.state")), [
            Wire.result(7, #"{"stack":[{"kind":"todo.list","scene":"todo.list#1","viewModel":\#(Wire.list([("tomorrow", [.init(id: id, title: "Buy milk", dueDate: "2026-11-25", dueDay: "Wednesday")])]))}]}"#),
        ])
        #expect(try engine.finish().remainingLines == [])
    }

    @Test func saveStaysDisabledForABlankTitleAMissingDateOrAPastDate() throws {
        let engine = try ServeProcess()
        try engine.startTodo(now: Self.tuesday)
        _ = try engine.call(Wire.event(3, "todo.list#1", "addTapped"))

        // Each change re-renders the form; only a non-blank title with a date from today on saves.
        let steps: [(event: String, data: String, title: String, dueDate: String?, saveEnabled: Bool)] = [
            ("titleChanged", #"{"title":"   "}"#, "   ", nil, false),
            ("dueDateChanged", #"{"dueDate":"2026-11-24"}"#, "   ", "2026-11-24", false),
            ("titleChanged", #"{"title":" \t "}"#, " \t ", "2026-11-24", false),
            ("titleChanged", #"{"title":"Buy milk"}"#, "Buy milk", "2026-11-24", true),
            ("dueDateChanged", #"{"dueDate":"2026-11-23"}"#, "Buy milk", "2026-11-23", false),
            ("dueDateChanged", #"{"dueDate":null}"#, "Buy milk", nil, false),
            ("dueDateChanged", #"{"dueDate":"2026-12-31"}"#, "Buy milk", "2026-12-31", true),
            ("titleChanged", #"{"title":""}"#, "", "2026-12-31", false),
            ("dueDateChanged", #"{"dueDate":"2025-11-25"}"#, "", "2025-11-25", false),
            ("titleChanged", #"{"title":"Buy milk"}"#, "Buy milk", "2025-11-25", false),
        ]
        for (offset, step) in steps.enumerated() {
            let id = 10 + offset
            expectSameLines(try engine.call(Wire.event(id, "todo.add#1", step.event, step.data)), [
                Wire.render("todo.add#1", Wire.addForm(
                    title: step.title, dueDate: step.dueDate, saveEnabled: step.saveEnabled, pastDue: step.dueDate.map { $0 < "2026-11-24" } ?? false)),
                Wire.result(id, "{}"),
            ], "after \(step.event) \(step.data)")
        }

        // Save while disabled: nothing is saved, nothing navigates, nothing renders.
        expectSameLines(try engine.call(Wire.event(30, "todo.add#1", "saveTapped")), [Wire.result(30, "{}")])
        let form = Wire.addForm(title: "Buy milk", dueDate: "2025-11-25", saveEnabled: false)
        expectSameLines(try engine.call(Wire.request(31, "engine.state")), [
            Wire.result(31, #"{"stack":[{"kind":"todo.list","scene":"todo.list#1","viewModel":\#(Wire.emptyList)},{"kind":"todo.add","scene":"todo.add#1","viewModel":\#(form)}]}"#),
        ])
    }

    @Test func cancelDismissesTheFormAndSavesNothing() throws {
        let engine = try ServeProcess()
        try engine.startTodo(now: Self.tuesday)
        _ = try engine.call(Wire.event(3, "todo.list#1", "addTapped"))
        _ = try engine.call(Wire.event(4, "todo.add#1", "titleChanged", #"{"title":"Buy milk"}"#))
        _ = try engine.call(Wire.event(5, "todo.add#1", "dueDateChanged", #"{"dueDate":"2026-11-25"}"#))

        expectSameLines(try engine.call(Wire.event(6, "todo.add#1", "cancelTapped")), [
            Wire.navigate("dismiss", "todo.add#1", from: "todo.list#1"),
            Wire.result(6, "{}"),
        ])
        expectSameLines(try engine.call(Wire.request(7, "engine.state")), [
            Wire.result(7, #"{"stack":[{"kind":"todo.list","scene":"todo.list#1","viewModel":\#(Wire.emptyList)}]}"#),
        ])
        // A re-render reads the store again: still empty.
        expectSameLines(try engine.call(Wire.request(8, "clock.set", #"{"now":"\#(Self.tuesday)"}"#)), [
            Wire.render("todo.list#1", Wire.emptyList),
            Wire.result(8, "{}"),
        ])
    }

    @Test func theListCoveredByItsFormOpensNoSecondForm() throws {
        let engine = try ServeProcess()
        try engine.startTodo(now: Self.tuesday)
        _ = try engine.call(Wire.event(3, "todo.list#1", "addTapped"))
        _ = try engine.call(Wire.event(4, "todo.add#1", "titleChanged", #"{"title":"Kept"}"#))
        // No user could tap the list's add button behind the form: nothing happens.
        expectSameLines(try engine.call(Wire.event(5, "todo.list#1", "addTapped")), [Wire.result(5, "{}")])
        expectSameLines(try engine.call(Wire.request(6, "engine.state")), [
            Wire.result(6, #"{"stack":[{"kind":"todo.list","scene":"todo.list#1","viewModel":\#(Wire.emptyList)},{"kind":"todo.add","scene":"todo.add#1","viewModel":\#(Wire.addForm(title: "Kept", dueDate: nil, saveEnabled: false))}]}"#),
        ])
        // Once the form is gone, the button works again.
        _ = try engine.call(Wire.event(7, "todo.add#1", "cancelTapped"))
        expectSameLines(try engine.call(Wire.event(8, "todo.list#1", "addTapped")), [
            Wire.navigate("present", "todo.add#2", from: "todo.list#1"),
            Wire.render("todo.add#2", Wire.addForm(title: "", dueDate: nil, saveEnabled: false)),
            Wire.result(8, "{}"),
        ])
    }

    // MARK: - Failing to save

    @Test func aFailedSaveShowsAnAlertOverTheFormThatKeepsWhatWasTyped() throws {
        let engine = try ServeProcess(serving: ["--db", ":memory:", "--enable-fault-injection"])
        try engine.startTodo(now: Self.tuesday)
        _ = try engine.call(Wire.event(3, "todo.list#1", "addTapped"))
        _ = try engine.call(Wire.event(4, "todo.add#1", "titleChanged", #"{"title":"Buy milk"}"#))
        _ = try engine.call(Wire.event(5, "todo.add#1", "dueDateChanged", #"{"dueDate":"2026-11-25"}"#))

        // Faults exist only for the operations the apps declare, and need both params.
        let unknownOperation = try engine.call(Wire.request(20, "debug.injectFault", #"{"message":"x","operation":"todo.fly"}"#))
        #expect(unknownOperation.map { ErrorLine($0)?.code } == [-32602], "\(unknownOperation)")
        let noMessage = try engine.call(Wire.request(21, "debug.injectFault", #"{"operation":"todo.save"}"#))
        #expect(noMessage.map(ErrorLine.init) == [ErrorLine(id: "21", code: -32602, kind: "invalidParams", path: "params.message")], "\(noMessage)")

        expectSameLines(
            try engine.call(Wire.request(6, "debug.injectFault", #"{"message":"disk full","operation":"todo.save"}"#)),
            [Wire.result(6, "{}")])

        let failed = try engine.call(Wire.event(7, "todo.add#1", "saveTapped"))
        try #require(failed.count == 3, "\(failed)")
        let alertModel = try #require(
            try JSONSerialization.jsonObject(with: WireJSON.viewModelData(ofRender: failed[1])) as? [String: Any])
        let title = try #require(alertModel["title"] as? String)
        let message = try #require(alertModel["message"] as? String)
        #expect(!title.isEmpty)
        #expect(message.contains("disk full"), "the alert must say why: \(message)")
        let alert = Wire.alert(title: title, message: message)
        expectSameLines(failed, [
            Wire.navigate("present", "alert#1", from: "todo.add#1"),
            Wire.render("alert#1", alert),
            Wire.result(7, "{}"),
        ])

        // The form is still there, under the alert, with what was typed.
        let form = Wire.addForm(title: "Buy milk", dueDate: "2026-11-25", saveEnabled: true)
        expectSameLines(try engine.call(Wire.request(8, "engine.state")), [
            Wire.result(8, #"{"stack":[{"kind":"todo.list","scene":"todo.list#1","viewModel":\#(Wire.emptyList)},{"kind":"todo.add","scene":"todo.add#1","viewModel":\#(form)},{"kind":"alert","scene":"alert#1","viewModel":\#(alert)}]}"#),
        ])

        expectSameLines(try engine.call(Wire.event(9, "alert#1", "dismissTapped")), [
            Wire.navigate("dismiss", "alert#1", from: "todo.add#1"),
            Wire.result(9, "{}"),
        ])

        // The fault was for one save only: the next one goes through.
        let saved = try engine.call(Wire.event(10, "todo.add#1", "saveTapped"))
        let id = try #require(try ListViewModel(lastRenderIn: saved).sections.first?.items.first?.id)
        expectSameLines(saved, [
            Wire.navigate("dismiss", "todo.add#1", from: "todo.list#1"),
            Wire.render("todo.list#1", Wire.list([
                ("tomorrow", [.init(id: id, title: "Buy milk", dueDate: "2026-11-25", dueDay: "Wednesday")]),
            ])),
            Wire.result(10, "{}"),
        ])
    }

    @Test func injectFaultIsAnUnknownMethodWithoutTheFlag() throws {
        let engine = try ServeProcess()
        try engine.startTodo(now: Self.tuesday)

        let lines = try engine.call(Wire.request(3, "debug.injectFault", #"{"message":"disk full","operation":"todo.save"}"#))
        try #require(lines.count == 1, "\(lines)")
        #expect(ErrorLine(lines[0]) == ErrorLine(id: "3", code: -32601, kind: "methodNotFound"), "\(lines[0])")

        // And saves still work: no fault was armed.
        let saved = try engine.addTodo("Buy milk", due: "2026-11-25")
        #expect(try ListViewModel(lastRenderIn: saved).rows == [.init("tomorrow", "Buy milk", "2026-11-25", "Wednesday")])
    }

    // MARK: - Grouping

    @Test func itemsAreGroupedByDueDayAndOrderedByDayThenCreation() throws {
        // Only `now` is given: the defaults are UTC, en_US and Sunday-first weeks.
        let list = try listing(now: Self.tuesday, adding: [
            ("Call mum", "2026-11-28"),
            ("Pay rent", "2026-11-24"),
            ("Book flights", "2026-12-01"),
            ("Water plants", "2026-11-26"),
            ("Buy milk", "2026-11-25"),
            ("Read book", "2026-11-26"),
            ("Plan party", "2026-12-05"),
            ("Too late", "2026-12-06"),
            ("Sunday roast", "2026-11-29"),
        ])
        expectEqual(list.rows, [
            .init("today", "Pay rent", "2026-11-24", ""),
            .init("tomorrow", "Buy milk", "2026-11-25", "Wednesday"),
            .init("laterThisWeek", "Water plants", "2026-11-26", "Thursday"),
            .init("laterThisWeek", "Read book", "2026-11-26", "Thursday"),
            .init("laterThisWeek", "Call mum", "2026-11-28", "Saturday"),
            .init("nextWeek", "Sunday roast", "2026-11-29", "Sunday"),
            .init("nextWeek", "Book flights", "2026-12-01", "Tuesday"),
            .init("nextWeek", "Plan party", "2026-12-05", "Saturday"),
        ])
        #expect(list.sections.map(\.title) == ["Today", "Tomorrow", "Later This Week", "Next Week"])
        #expect(!list.isEmpty)
        let ids = list.sections.flatMap(\.items).map(\.id)
        #expect(Set(ids).count == ids.count, "ids must tell items apart: \(ids)")
    }

    @Test func tomorrowStaysTomorrowWhenItStartsANewWeek() throws {
        // Saturday 2026-11-21, Sunday-first weeks: tomorrow is the first day of next week.
        let list = try listing(now: "2026-11-21T12:00:00Z", adding: [
            ("Sunday", "2026-11-22"),
            ("Saturday", "2026-11-21"),
            ("Monday", "2026-11-23"),
            ("Next Saturday", "2026-11-28"),
            ("Next Sunday", "2026-11-29"),
        ])
        expectEqual(list.rows, [
            .init("today", "Saturday", "2026-11-21", ""),
            .init("tomorrow", "Sunday", "2026-11-22", "Sunday"),
            .init("nextWeek", "Monday", "2026-11-23", "Monday"),
            .init("nextWeek", "Next Saturday", "2026-11-28", "Saturday"),
        ])
    }

    @Test func mondayFirstWeeksMoveTheWeekBoundary() throws {
        // Sunday 2026-11-22 ends a Monday-first week: Tuesday is already next week, and the
        // Monday after next is beyond it. With Sunday-first weeks both would be listed differently.
        let list = try listing(now: "2026-11-22T12:00:00Z", firstWeekday: 2, adding: [
            ("Sunday", "2026-11-22"),
            ("Monday", "2026-11-23"),
            ("Tuesday", "2026-11-24"),
            ("Next Sunday", "2026-11-29"),
            ("Monday after", "2026-11-30"),
        ])
        expectEqual(list.rows, [
            .init("today", "Sunday", "2026-11-22", ""),
            .init("tomorrow", "Monday", "2026-11-23", "Monday"),
            .init("nextWeek", "Tuesday", "2026-11-24", "Tuesday"),
            .init("nextWeek", "Next Sunday", "2026-11-29", "Sunday"),
        ])
    }

    @Test func aWeekSpanningNewYearIsOneWeek() throws {
        // Wednesday 2026-12-30: this week runs Sun 27 Dec – Sat 2 Jan, next week 3 – 9 January.
        let list = try listing(now: "2026-12-30T10:00:00Z", adding: [
            ("Next Tuesday", "2027-01-05"),
            ("Saturday", "2027-01-02"),
            ("Thursday", "2026-12-31"),
            ("Next Saturday", "2027-01-09"),
            ("Too late", "2027-01-10"),
        ])
        expectEqual(list.rows, [
            .init("tomorrow", "Thursday", "2026-12-31", "Thursday"),
            .init("laterThisWeek", "Saturday", "2027-01-02", "Saturday"),
            .init("nextWeek", "Next Tuesday", "2027-01-05", "Tuesday"),
            .init("nextWeek", "Next Saturday", "2027-01-09", "Saturday"),
        ])
    }

    @Test func todayIsTheLocalDayWhereTheSessionTimeZoneIsAheadOfUTC() throws {
        // 23:30 UTC on Tuesday is 08:30 on Wednesday 2026-11-25 in Tokyo.
        let engine = try ServeProcess()
        try engine.startTodo(now: "2026-11-24T23:30:00Z", timeZone: "Asia/Tokyo")
        _ = try engine.call(Wire.event(3, "todo.list#1", "addTapped"))
        _ = try engine.call(Wire.event(4, "todo.add#1", "titleChanged", #"{"title":"Buy milk"}"#))
        expectSameLines(try engine.call(Wire.event(5, "todo.add#1", "dueDateChanged", #"{"dueDate":"2026-11-24"}"#)), [
            Wire.render("todo.add#1", Wire.addForm(title: "Buy milk", dueDate: "2026-11-24", saveEnabled: false)),
            Wire.result(5, "{}"),
        ], "the UTC date is already yesterday in Tokyo")
        _ = try engine.call(Wire.event(6, "todo.add#1", "dueDateChanged", #"{"dueDate":"2026-11-25"}"#))
        _ = try engine.call(Wire.event(7, "todo.add#1", "saveTapped"))
        let saved = try engine.addTodo("Call mum", due: "2026-11-26")

        expectEqual(try ListViewModel(lastRenderIn: saved).rows, [
            .init("today", "Buy milk", "2026-11-25", ""),
            .init("tomorrow", "Call mum", "2026-11-26", "Thursday"),
        ])
    }

    @Test func todayIsTheLocalDayWhereTheSessionTimeZoneIsBehindUTC() throws {
        // 05:00 UTC on Wednesday is 21:00 on Tuesday 2026-11-24 in Los Angeles.
        let list = try listing(now: "2026-11-25T05:00:00Z", timeZone: "America/Los_Angeles", adding: [
            ("Pay rent", "2026-11-24"),
            ("Buy milk", "2026-11-25"),
            ("Sunday roast", "2026-11-29"),
        ])
        expectEqual(list.rows, [
            .init("today", "Pay rent", "2026-11-24", ""),
            .init("tomorrow", "Buy milk", "2026-11-25", "Wednesday"),
            .init("nextWeek", "Sunday roast", "2026-11-29", "Sunday"),
        ])
    }

    @Test func weekdayNamesFollowTheSessionLocale() throws {
        let list = try listing(now: Self.tuesday, locale: "fr_FR", adding: [
            ("Payer le loyer", "2026-11-24"),
            ("Acheter du lait", "2026-11-25"),
            ("Appeler maman", "2026-11-26"),
            ("Réserver les vols", "2026-12-01"),
        ])
        expectEqual(list.rows.map(\.dueDay), ["", "mercredi", "jeudi", "mardi"])
        #expect(list.rows.map(\.title) == ["Payer le loyer", "Acheter du lait", "Appeler maman", "Réserver les vols"])
    }

    // MARK: - The clock

    @Test func settingTheClockMovesItemsBetweenSectionsAndOffTheList() throws {
        let engine = try ServeProcess()
        try engine.startTodo(now: Self.tuesday)
        _ = try engine.addTodo("Pay rent", due: "2026-11-24")
        _ = try engine.addTodo("Buy milk", due: "2026-11-25")
        let saved = try engine.addTodo("Sunday roast", due: "2026-11-29")
        let ids = Dictionary(
            uniqueKeysWithValues: try ListViewModel(lastRenderIn: saved).sections.flatMap(\.items).map { ($0.title, $0.id) })
        try #require(ids.count == 3, "\(ids)")
        func item(_ title: String, _ due: String, _ day: String) -> Wire.ListItem {
            .init(id: ids[title] ?? "?", title: title, dueDate: due, dueDay: day)
        }
        func clockSet(_ id: Int, _ now: String) throws -> [String] {
            try engine.call(Wire.request(id, "clock.set", #"{"now":"\#(now)"}"#))
        }

        // 00:30 at +01:00 is still Tuesday 23:30 in the session's UTC: nothing moves.
        expectSameLines(try clockSet(10, "2026-11-25T00:30:00+01:00"), [
            Wire.render("todo.list#1", Wire.list([
                ("today", [item("Pay rent", "2026-11-24", "")]),
                ("tomorrow", [item("Buy milk", "2026-11-25", "Wednesday")]),
                ("nextWeek", [item("Sunday roast", "2026-11-29", "Sunday")]),
            ])),
            Wire.result(10, "{}"),
        ])
        // Wednesday: the rent is overdue and leaves the list.
        expectSameLines(try clockSet(11, "2026-11-25T09:00:00Z"), [
            Wire.render("todo.list#1", Wire.list([
                ("today", [item("Buy milk", "2026-11-25", "")]),
                ("nextWeek", [item("Sunday roast", "2026-11-29", "Sunday")]),
            ])),
            Wire.result(11, "{}"),
        ])
        // Saturday: Sunday is tomorrow, though it starts the next week.
        expectSameLines(try clockSet(12, "2026-11-28T09:00:00Z"), [
            Wire.render("todo.list#1", Wire.list([("tomorrow", [item("Sunday roast", "2026-11-29", "Sunday")])])),
            Wire.result(12, "{}"),
        ])
        // Back to the Monday a week earlier: Tuesday and Wednesday are next week, Sunday 29 beyond it.
        expectSameLines(try clockSet(13, "2026-11-16T09:00:00Z"), [
            Wire.render("todo.list#1", Wire.list([
                ("nextWeek", [item("Pay rent", "2026-11-24", "Tuesday"), item("Buy milk", "2026-11-25", "Wednesday")]),
            ])),
            Wire.result(13, "{}"),
        ])
        // Monday 30: everything is overdue.
        expectSameLines(try clockSet(14, "2026-11-30T09:00:00Z"), [
            Wire.render("todo.list#1", Wire.emptyList),
            Wire.result(14, "{}"),
        ])
    }

    @Test func settingTheClockPastTheChosenDateDisablesSave() throws {
        let engine = try ServeProcess()
        try engine.startTodo(now: "2026-11-24T22:00:00Z")
        _ = try engine.call(Wire.event(3, "todo.list#1", "addTapped"))
        _ = try engine.call(Wire.event(4, "todo.add#1", "titleChanged", #"{"title":"Call mum"}"#))
        expectSameLines(try engine.call(Wire.event(5, "todo.add#1", "dueDateChanged", #"{"dueDate":"2026-11-24"}"#)), [
            Wire.render("todo.add#1", Wire.addForm(title: "Call mum", dueDate: "2026-11-24", saveEnabled: true)),
            Wire.result(5, "{}"),
        ])

        // Midnight passes: the chosen day is now yesterday. Scenes re-render bottom first.
        expectSameLines(try engine.call(Wire.request(6, "clock.set", #"{"now":"2026-11-25T00:00:01Z"}"#)), [
            Wire.render("todo.list#1", Wire.emptyList),
            Wire.render("todo.add#1", Wire.addForm(title: "Call mum", dueDate: "2026-11-24", saveEnabled: false)),
            Wire.result(6, "{}"),
        ])
        expectSameLines(try engine.call(Wire.event(7, "todo.add#1", "saveTapped")), [Wire.result(7, "{}")])

        expectSameLines(try engine.call(Wire.request(8, "clock.set", #"{"now":"2026-11-24T23:59:59Z"}"#)), [
            Wire.render("todo.list#1", Wire.emptyList),
            Wire.render("todo.add#1", Wire.addForm(title: "Call mum", dueDate: "2026-11-24", saveEnabled: true)),
            Wire.result(8, "{}"),
        ])
    }

    // MARK: - Engine state and scene ids

    @Test func engineStateListsTheStackBottomFirstWithEachScenesLastViewModel() throws {
        let engine = try ServeProcess()
        try engine.startTodo(now: Self.tuesday)
        expectSameLines(try engine.call(Wire.request(3, "engine.state")), [
            Wire.result(3, #"{"stack":[{"kind":"todo.list","scene":"todo.list#1","viewModel":\#(Wire.emptyList)}]}"#),
        ])

        _ = try engine.call(Wire.event(4, "todo.list#1", "addTapped"))
        // Non-ASCII, `/` and quotes: written as UTF-8, `/` unescaped, only the quotes escaped.
        _ = try engine.call(Wire.event(5, "todo.add#1", "titleChanged", #"{"title":"Crème brûlée \/ \"dessert\" 🍮"}"#))
        _ = try engine.call(Wire.event(6, "todo.add#1", "dueDateChanged", #"{"dueDate":"2026-11-27"}"#))
        let form = #"{"dueDate":"2026-11-27","problems":[],"saveEnabled":true,"title":"Crème brûlée / \"dessert\" 🍮"}"#
        expectSameLines(try engine.call(Wire.request(7, "engine.state")), [
            Wire.result(7, #"{"stack":[{"kind":"todo.list","scene":"todo.list#1","viewModel":\#(Wire.emptyList)},{"kind":"todo.add","scene":"todo.add#1","viewModel":\#(form)}]}"#),
        ])
    }

    @Test func sceneIdsCountPerKindAndAppStartReplacesTheStack() throws {
        let engine = try ServeProcess()
        try engine.startTodo(now: Self.tuesday)
        _ = try engine.call(Wire.event(3, "todo.list#1", "addTapped"))
        expectSameLines(try engine.call(Wire.event(4, "todo.add#1", "cancelTapped")), [
            Wire.navigate("dismiss", "todo.add#1", from: "todo.list#1"),
            Wire.result(4, "{}"),
        ])
        // A new Add scene gets the next number, and a fresh form.
        expectSameLines(try engine.call(Wire.event(5, "todo.list#1", "addTapped")), [
            Wire.navigate("present", "todo.add#2", from: "todo.list#1"),
            Wire.render("todo.add#2", Wire.addForm(title: "", dueDate: nil, saveEnabled: false)),
            Wire.result(5, "{}"),
        ])

        expectSameLines(try engine.call(Wire.request(6, "app.start", #"{"app":"todo"}"#)), [
            Wire.navigate("root", "todo.list#2"),
            Wire.render("todo.list#2", Wire.emptyList),
            Wire.result(6, #"{"scene":"todo.list#2"}"#),
        ])
        expectSameLines(try engine.call(Wire.request(7, "engine.state")), [
            Wire.result(7, #"{"stack":[{"kind":"todo.list","scene":"todo.list#2","viewModel":\#(Wire.emptyList)}]}"#),
        ])
        // The replaced scenes are gone.
        let stale = try engine.call(Wire.event(8, "todo.add#2", "cancelTapped"))
        #expect(stale.map(ErrorLine.init) == [ErrorLine(id: "8", code: -32602, kind: "unknownScene")], "\(stale)")

        expectSameLines(try engine.call(Wire.event(9, "todo.list#2", "addTapped")), [
            Wire.navigate("present", "todo.add#3", from: "todo.list#2"),
            Wire.render("todo.add#3", Wire.addForm(title: "", dueDate: nil, saveEnabled: false)),
            Wire.result(9, "{}"),
        ])
    }

    // MARK: - Persistence

    @Test func savedToDosAreListedByANewEngineOnTheSameFileAfterShutdown() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let database = directory.path + "/todos.sqlite"

        let first = try ServeProcess(serving: ["--db", database])
        try first.startTodo(now: Self.tuesday)
        let saved = try first.addTodo("Buy milk", due: "2026-11-25")
        let id = try #require(try ListViewModel(lastRenderIn: saved).sections.first?.items.first?.id)
        expectSameLines(try first.call(Wire.request(3, "shutdown")), [Wire.result(3, "null")])
        let exit = try first.finish()
        #expect(exit.reason == .exit)
        #expect(exit.status == 0)
        #expect(exit.remainingLines == [])

        let second = try ServeProcess(serving: ["--db", database])
        expectSameLines(try second.startTodo(now: Self.tuesday), [
            Wire.navigate("root", "todo.list#1"),
            Wire.render("todo.list#1", Wire.list([
                ("tomorrow", [.init(id: id, title: "Buy milk", dueDate: "2026-11-25", dueDay: "Wednesday")]),
            ])),
            Wire.result(2, #"{"scene":"todo.list#1"}"#),
        ])
    }

    @Test func aSaveWhoseResponseWasReadSurvivesKillingTheEngine() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let database = directory.path + "/todos.sqlite"

        let first = try ServeProcess(serving: ["--db", database])
        try first.startTodo(now: Self.tuesday)
        let saved = try first.addTodo("Buy milk", due: "2026-11-25")
        // `call` returned, so the save's response was read: kill at once, with no chance to flush.
        first.kill(SIGKILL)
        let exit = try first.waitForExit()
        #expect(exit.reason == .uncaughtSignal)
        #expect(exit.status == SIGKILL)
        let id = try #require(try ListViewModel(lastRenderIn: saved).sections.first?.items.first?.id)

        let second = try ServeProcess(serving: ["--db", database])
        let started = try second.startTodo(now: Self.tuesday)
        expectSameLines(started, [
            Wire.navigate("root", "todo.list#1"),
            Wire.render("todo.list#1", Wire.list([
                ("tomorrow", [.init(id: id, title: "Buy milk", dueDate: "2026-11-25", dueDay: "Wednesday")]),
            ])),
            Wire.result(2, #"{"scene":"todo.list#1"}"#),
        ])
    }

    // MARK: - Determinism

    @Test func theSameInputGivesByteIdenticalOutput() throws {
        let script = [
            Wire.initialize(1, now: Self.tuesday, timeZone: "Europe/Paris", firstWeekday: 2, locale: "fr_FR"),
            Wire.request(2, "app.start", #"{"app":"todo"}"#),
            Wire.event(3, "todo.list#1", "addTapped"),
            Wire.event(4, "todo.add#1", "titleChanged", #"{"title":"Réserver / \"vols\""}"#),
            Wire.event(5, "todo.add#1", "dueDateChanged", #"{"dueDate":"2026-11-27"}"#),
            Wire.event(6, "todo.add#1", "saveTapped"),
            #"{"jsonrpc":"2.0","id":7,"method":"view.event","params":{"scene":"todo.add#1"}}"#,
            "not json",
            Wire.request(8, "clock.set", #"{"now":"2026-11-26T12:00:00+01:00"}"#),
            Wire.request(9, "engine.state"),
            Wire.request(10, "shutdown"),
        ]
        func run() throws -> [String] {
            let engine = try ServeProcess()
            for line in script { engine.write(line: line) }
            let exit = try engine.finish()
            #expect(exit.status == 0)
            return exit.remainingLines
        }
        let first = try run()
        #expect(first.count == 20, "\(first)")
        expectSameLines(try run(), first)
    }
}

extension ServeStoriesTests {
    /// Starts an engine with a fixed clock, adds `items` in order through the Add scene, and
    /// returns the list as rendered after the last save.
    private func listing(
        now: String, timeZone: String? = nil, firstWeekday: Int? = nil, locale: String? = nil,
        adding items: [(title: String, due: String)]
    ) throws -> ListViewModel {
        let engine = try ServeProcess()
        try engine.startTodo(now: now, timeZone: timeZone, firstWeekday: firstWeekday, locale: locale)
        var saved: [String] = []
        for item in items {
            saved = try engine.addTodo(item.title, due: item.due)
            guard saved.last == Wire.result(904, "{}"), saved.count == 3 else {
                throw ServeProcess.Failure(description: "saving \(item) did not dismiss and re-render: \(saved)")
            }
        }
        return try ListViewModel(lastRenderIn: saved)
    }
}
