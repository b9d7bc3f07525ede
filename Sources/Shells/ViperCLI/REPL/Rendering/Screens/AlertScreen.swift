import ViperTesting
import ViperCore
import ViperJSON

/// `alert`: a double-bordered box with the title, the message and the actions.
struct AlertScreen: SceneScreen {
    func draw(scene: String, viewModel: JSONValue, width: Int, style: TextStyle) -> [String] {
        var rows: [Box.Row] = [.init(left: viewModel["title"]?.text ?? "", style: style.bold)]
        rows += Box.wrapped(viewModel["message"]?.text ?? "", to: width - 4).map { Box.Row(left: $0) }
        let actions = (viewModel["actions"]?.elements ?? []).map { "[ \($0.text) ]" }.joined(separator: " ")
        rows.append(.init(left: ""))
        rows.append(.init(left: "dismissTapped", right: actions, style: style.yellow))
        return Box(title: scene, width: width, border: .double).draw(rows, style: style)
    }
}
