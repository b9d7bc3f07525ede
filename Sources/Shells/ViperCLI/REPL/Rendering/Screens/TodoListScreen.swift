import ViperTesting
import ViperCore
import ViperJSON

/// `todo.list`: the sections with their ToDos, each with its weekday and date on the right.
struct TodoListScreen: SceneScreen {
    func draw(scene: String, viewModel: JSONValue, width: Int, style: TextStyle) -> [String] {
        var rows: [Box.Row] = []
        let sections = viewModel["sections"]?.elements ?? []
        if sections.isEmpty {
            rows.append(.init(left: "Nothing to do.", style: style.dim))
        }
        for section in sections {
            rows.append(.init(left: section["title"]?.text ?? "", style: style.cyan))
            for item in section["items"]?.elements ?? [] {
                let day = item["dueDay"]?.text ?? ""
                let date = item["dueDate"]?.text ?? ""
                rows.append(.init(left: "  • " + (item["title"]?.text ?? ""), right: day.isEmpty ? date : "\(day) \(date)"))
            }
        }
        rows.append(.init(left: ""))
        rows.append(.init(left: "[addTapped]", style: style.bold))
        return Box(title: "ToDo · \(scene)", width: width).draw(rows, style: style)
    }
}
