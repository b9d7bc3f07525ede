import ViperTesting
import ViperCore
import ViperJSON

/// Any other kind: the view model's members, one per line, nested members indented.
struct GenericScreen: SceneScreen {
    func draw(scene: String, viewModel: JSONValue, width: Int, style: TextStyle) -> [String] {
        Box(title: scene, width: width).draw(rows(viewModel, indent: ""), style: style)
    }

    private func rows(_ value: JSONValue, indent: String) -> [Box.Row] {
        switch value {
        case .object(let members):
            return members.keys.sorted().flatMap { key -> [Box.Row] in
                let member = members[key]!
                switch member {
                case .object, .array: return [Box.Row(left: indent + key + ":")] + rows(member, indent: indent + "  ")
                default: return [Box.Row(left: indent + key + ": " + member.text)]
                }
            }
        case .array(let elements):
            return elements.flatMap { rows($0, indent: indent + "- ") }
        default:
            return [Box.Row(left: indent + value.text)]
        }
    }
}
