import ViperTesting
import ViperCore
import ViperJSON

/// `todo.add`: the form's fields, and its buttons, Save shown disabled until it would save.
struct TodoAddScreen: SceneScreen {
    func draw(scene: String, viewModel: JSONValue, width: Int, style: TextStyle) -> [String] {
        let title = viewModel["title"]?.text ?? ""
        let dueDate = viewModel["dueDate"].flatMap { $0 == .null ? nil : $0.text }
        let saveEnabled = viewModel["saveEnabled"] == .bool(true)
        let problems: [String] = if case .array(let items)? = viewModel["problems"] { items.compactMap(\.text) } else { [] }
        let rows: [Box.Row] = [
            .init(left: "Title     " + (title.isEmpty ? "—" : "\"\(title)\"")),
            .init(left: "Due date  " + (dueDate ?? "—")),
            .init(left: ""),
        ] + problems.map { .init(left: "! " + $0, style: style.dim) } + (problems.isEmpty ? [] : [.init(left: "")]) + [
            saveEnabled
                ? .init(left: "[cancelTapped]", right: "[saveTapped]", style: style.bold)
                : .init(left: "[cancelTapped]", right: "[saveTapped: disabled]", style: style.dim),
        ]
        return Box(title: "New ToDo · \(scene)", width: width).draw(rows, style: style)
    }
}
