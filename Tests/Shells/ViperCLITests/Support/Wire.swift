import Foundation

/// Spells wire lines exactly as the contract says the engine writes them (keys sorted by their
/// bytes, no spaces, `/` unescaped), so tests compare output byte for byte. Requests are written
/// the same way, although the engine accepts any key order.
enum Wire {
    // MARK: Requests

    /// A request line; `params` is JSON text.
    static func request(_ id: Int, _ method: String, _ params: String? = nil) -> String {
        let paramsMember = params.map { #","params":\#($0)"# } ?? ""
        return #"{"id":\#(id),"jsonrpc":"2.0","method":"\#(method)"\#(paramsMember)}"#
    }

    /// A `view.event` request; `data` is JSON text.
    static func event(_ id: Int, _ scene: String, _ event: String, _ data: String? = nil) -> String {
        let dataMember = data.map { #""data":\#($0),"# } ?? ""
        return request(id, "view.event", #"{\#(dataMember)"event":"\#(event)","scene":"\#(scene)"}"#)
    }

    /// `initialize` with a fixed clock and the given calendar settings.
    static func initialize(
        _ id: Int, now: String, timeZone: String? = nil, firstWeekday: Int? = nil, locale: String? = nil
    ) -> String {
        var members = [#""now":"\#(now)""#]
        if let timeZone { members.append(#""timeZone":"\#(timeZone)""#) }
        if let firstWeekday { members.append(#""firstWeekday":\#(firstWeekday)"#) }
        if let locale { members.append(#""locale":"\#(locale)""#) }
        return request(id, "initialize", "{" + members.joined(separator: ",") + "}")
    }

    // MARK: Output

    /// A successful response; `result` is JSON text.
    static func result(_ id: Int, _ result: String) -> String {
        #"{"id":\#(id),"jsonrpc":"2.0","result":\#(result)}"#
    }

    /// A `view.navigate` notification.
    static func navigate(_ action: String, _ scene: String, from: String? = nil) -> String {
        let fromMember = from.map { #""from":"\#($0)","# } ?? ""
        return #"{"jsonrpc":"2.0","method":"view.navigate","params":{"action":"\#(action)",\#(fromMember)"kind":"\#(kind(of: scene))","scene":"\#(scene)"}}"#
    }

    /// A `view.render` notification; `viewModel` is JSON text.
    static func render(_ scene: String, _ viewModel: String) -> String {
        #"{"jsonrpc":"2.0","method":"view.render","params":{"kind":"\#(kind(of: scene))","scene":"\#(scene)","viewModel":\#(viewModel)}}"#
    }

    /// The kind of a scene id: `todo.add` for `todo.add#2`.
    static func kind(of scene: String) -> String {
        String(scene[..<(scene.lastIndex(of: "#") ?? scene.endIndex)])
    }

    // MARK: View models of the ToDo contract

    /// The `todo.add` view model.
    ///
    /// `problems` are what the contract says Save waits for: a title (one that is not only
    /// spaces), a due date, and one not in the past (`pastDue`), which is also the only reason
    /// left when the form has both and still cannot save.
    static func addForm(title: String, dueDate: String?, saveEnabled: Bool, pastDue: Bool = false) -> String {
        let day = dueDate.map { string($0) } ?? "null"
        var problems: [String] = []
        if title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { problems.append("Enter a title") }
        if dueDate == nil {
            problems.append("Pick a due date")
        } else if pastDue || (!saveEnabled && problems.isEmpty) {
            problems.append("The due date is in the past")
        }
        let list = problems.map(string).joined(separator: ",")
        return #"{"dueDate":\#(day),"problems":[\#(list)],"saveEnabled":\#(saveEnabled),"title":\#(string(title))}"#
    }

    /// One item of the `todo.list` view model.
    struct ListItem {
        let id: String
        let title: String
        let dueDate: String
        let dueDay: String
    }

    /// The `todo.list` view model with these sections, in this order; titles follow the kinds.
    static func list(_ sections: [(kind: String, items: [ListItem])]) -> String {
        let sectionTexts = sections.map { section in
            let items = section.items.map { item in
                #"{"dueDate":\#(string(item.dueDate)),"dueDay":\#(string(item.dueDay)),"id":\#(string(item.id)),"title":\#(string(item.title))}"#
            }
            return #"{"items":[\#(items.joined(separator: ","))],"kind":"\#(section.kind)","title":\#(string(sectionTitle(section.kind)))}"#
        }
        return #"{"isEmpty":\#(sections.isEmpty),"sections":[\#(sectionTexts.joined(separator: ","))]}"#
    }

    /// The empty list.
    static let emptyList = #"{"isEmpty":true,"sections":[]}"#

    /// The heading the contract gives each section kind.
    static func sectionTitle(_ kind: String) -> String {
        switch kind {
        case "today": "Today"
        case "tomorrow": "Tomorrow"
        case "laterThisWeek": "Later This Week"
        case "nextWeek": "Next Week"
        default: "?\(kind)"
        }
    }

    /// The `alert` view model.
    static func alert(title: String, message: String) -> String {
        #"{"actions":["OK"],"message":\#(string(message)),"title":\#(string(title))}"#
    }

    /// `text` as a JSON string literal, escaped the way the contract's writer does (only `"`,
    /// `\` and control characters; `/` and non-ASCII stay as they are).
    static func string(_ text: String) -> String {
        var literal = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": literal += "\\\""
            case "\\": literal += "\\\\"
            case "\n": literal += "\\n"
            case "\r": literal += "\\r"
            case "\t": literal += "\\t"
            case "\u{08}": literal += "\\b"
            case "\u{0C}": literal += "\\f"
            case "\u{00}"..."\u{1F}":
                let hex = String(scalar.value, radix: 16)
                literal += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: literal.unicodeScalars.append(scalar)
            }
        }
        return literal + "\""
    }
}
