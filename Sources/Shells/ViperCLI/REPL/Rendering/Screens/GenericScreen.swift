import ViperTesting
import ViperCore
import ViperJSON

/// Any other kind: the view model's members, one per line, nested members indented; each
/// element of a list starts with "- ", and long text wraps under its name.
struct GenericScreen: SceneScreen {
    func draw(scene: String, viewModel: JSONValue, width: Int, style: TextStyle) -> [String] {
        Box(title: scene, width: width).draw(rows(viewModel, indent: "", width: width - 4), style: style)
    }

    private func rows(_ value: JSONValue, indent: String, width: Int) -> [Box.Row] {
        switch value {
        case .object(let members):
            return members.keys.sorted().flatMap { key -> [Box.Row] in
                let member = members[key]!
                switch member {
                case .object, .array: return [Box.Row(left: indent + key + ":")] + rows(member, indent: indent + "  ", width: width)
                default: return wrapped(key + ": " + member.text, indent: indent, width: width)
                }
            }
        case .array(let elements):
            return elements.flatMap { element in
                // The element's first line carries the dash; the rest line up under it.
                let lines = rows(element, indent: indent + "  ", width: width)
                guard let first = lines.first else { return [Box.Row(left: indent + "-")] }
                return [Box.Row(left: indent + "- " + first.left.dropFirst(indent.count + 2))] + lines.dropFirst()
            }
        default:
            return wrapped(value.text, indent: indent, width: width)
        }
    }

    /// `text` on as many rows as it needs, the later ones indented a little more.
    private func wrapped(_ text: String, indent: String, width: Int) -> [Box.Row] {
        let room = max(10, width - indent.count - 2)
        return Box.wrapped(text, to: room).enumerated().map { index, line in
            Box.Row(left: (index == 0 ? indent : indent + "  ") + line)
        }
    }
}
