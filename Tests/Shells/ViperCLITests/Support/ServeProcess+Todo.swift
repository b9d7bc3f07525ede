/// Steps of the ToDo stories that many tests take on the way to what they check.
extension ServeProcess {
    /// Sends `initialize` (id 1) with a fixed clock and `app.start` (id 2) for the ToDo app;
    /// returns the lines `app.start` wrote. Fails unless both succeed.
    @discardableResult
    func startTodo(now: String, timeZone: String? = nil, firstWeekday: Int? = nil, locale: String? = nil) throws -> [String] {
        let initialized = try call(Wire.initialize(1, now: now, timeZone: timeZone, firstWeekday: firstWeekday, locale: locale))
        guard initialized.count == 1, WireJSON.object(initialized[0])?["result"] is [String: Any] else {
            throw Failure(description: "initialize did not succeed: \(initialized)")
        }
        let started = try call(Wire.request(2, "app.start", #"{"app":"todo"}"#))
        guard started.last == Wire.result(2, #"{"scene":"todo.list#1"}"#) else {
            throw Failure(description: "app.start did not answer {\"scene\":\"todo.list#1\"}: \(started)")
        }
        return started
    }

    /// Plays the create story from `list`: addTapped, titleChanged, dueDateChanged, saveTapped
    /// (ids 901–904). Returns what saveTapped wrote.
    func addTodo(_ title: String, due: String, from list: String = "todo.list#1") throws -> [String] {
        let opened = try call(Wire.event(901, list, "addTapped"))
        guard let add = opened.first.flatMap(WireJSON.scene(of:)), Wire.kind(of: add) == "todo.add" else {
            throw Failure(description: "addTapped did not present todo.add: \(opened)")
        }
        for (id, event, data) in [
            (902, "titleChanged", #"{"title":\#(Wire.string(title))}"#),
            (903, "dueDateChanged", #"{"dueDate":"\#(due)"}"#),
        ] {
            let lines = try call(Wire.event(id, add, event, data))
            guard lines.last == Wire.result(id, "{}") else {
                throw Failure(description: "\(event) on \(add) failed: \(lines)")
            }
        }
        return try call(Wire.event(904, add, "saveTapped"))
    }
}
