/// The request files the benchmark feeds the engine and its references. Every session starts
/// on Thursday 2026-11-19 in UTC with Sunday-first weeks, so the list's window runs from
/// 2026-11-19 through Saturday 2026-11-28.
enum Workload {
    static let now = "2026-11-19T09:00:00Z"
    static let windowFirstDay = "2026-11-19"
    static let windowLastDay = "2026-11-28"

    static let initialize = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"now":"\#(now)"}}"#
    static let startApp = #"{"jsonrpc":"2.0","id":2,"method":"app.start","params":{"app":"todo"}}"#

    /// A `view.event` request line.
    static func event(_ id: Int, scene: String, _ event: String, data: String? = nil) -> String {
        let dataMember = data.map { #","data":\#($0)"# } ?? ""
        return #"{"jsonrpc":"2.0","id":\#(id),"method":"view.event","params":{"scene":"\#(scene)","event":"\#(event)"\#(dataMember)}}"#
    }

    /// The `titleChanged` event typed as the `index`th keystroke.
    static func keystroke(_ id: Int, index: Int) -> String {
        event(id, scene: "todo.add#1", "titleChanged", data: #"{"title":"Water the plants \#(index)"}"#)
    }

    /// initialize, app.start, addTapped, then `count` pipelined `titleChanged` events (ids from 4).
    static func keystrokes(count: Int) -> String {
        var text = initialize + "\n" + startApp + "\n" + event(3, scene: "todo.list#1", "addTapped") + "\n"
        text.reserveCapacity(count * 150)
        for index in 0..<count { text += keystroke(4 + index, index: index) + "\n" }
        return text
    }

    /// The title and due day of the `index`th saved ToDo.
    static func savedToDo(_ index: Int, dueDay: String) -> (title: String, dueDay: String) {
        ("Saved ToDo \(index)", dueDay)
    }

    /// initialize, app.start, then `count` saves, each the whole story: addTapped,
    /// titleChanged, dueDateChanged, saveTapped.
    static func saves(count: Int, dueDay: String) -> String {
        var text = initialize + "\n" + startApp + "\n"
        var id = 3
        for index in 1...count {
            let todo = savedToDo(index, dueDay: dueDay)
            let scene = "todo.add#\(index)"
            text += event(id, scene: "todo.list#1", "addTapped") + "\n"
            text += event(id + 1, scene: scene, "titleChanged", data: #"{"title":"\#(todo.title)"}"#) + "\n"
            text += event(id + 2, scene: scene, "dueDateChanged", data: #"{"dueDate":"\#(todo.dueDay)"}"#) + "\n"
            text += event(id + 3, scene: scene, "saveTapped") + "\n"
            id += 4
        }
        return text
    }

    /// The same rows for the `sqlite3` command: one INSERT, so one transaction, per ToDo, with
    /// the engine's synchronous setting (the file is already in write-ahead-log mode).
    static func sqliteInserts(count: Int, dueDay: String) -> String {
        var text = "PRAGMA synchronous = FULL;\n"
        for index in 1...count {
            let todo = savedToDo(index, dueDay: dueDay)
            text += "INSERT INTO todo (title, due_day) VALUES ('\(todo.title)', '\(todo.dueDay)');\n"
        }
        return text
    }

    /// Fills the engine's `todo` table with `total` ToDos, `inWindow` of them due inside the
    /// list's window (spread over its ten days) and the rest due before or after it.
    static func scaleRows(total: Int, inWindow: Int) -> String {
        let outside = total - inWindow
        return """
            PRAGMA synchronous = OFF;
            BEGIN;
            WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < \(total))
            INSERT INTO todo (title, due_day)
            SELECT 'ToDo number ' || i,
                   CASE
                     WHEN i < \(inWindow) THEN date('\(windowFirstDay)', '+' || (i % 10) || ' days')
                     WHEN i % 2 = 0 THEN date('\(windowFirstDay)', '-' || (1 + (i % 700)) || ' days')
                     ELSE date('\(windowLastDay)', '+' || (1 + (i % 700)) || ' days')
                   END
            FROM n;
            COMMIT;
            SELECT \(outside) + 0;
            """
    }

    /// What the `sqlite3` reference reads for the list: the window's rows, in the list's order.
    static let windowQuery = """
        SELECT id, title, due_day FROM todo WHERE due_day >= '\(windowFirstDay)' AND due_day <= '\(windowLastDay)' ORDER BY due_day, id;
        """
}
