import ViperCore
import ViperJSON
import ViperTesting

/// Draws any scene as a small text screen from its view model and what `engine.describe` said
/// of its kind, the way the browser page does: the REPL knows no app.
///
/// The view model's members come first, in the order the engine described them; then the
/// events without data as buttons, and the events with data as what to type. A button
/// `saveTapped` shows disabled while the view model's `saveEnabled` is false (protocol.md's
/// naming rule for gates), and that member is not listed on its own. A presented scene (a
/// modal, an alert) has a double border.
struct SceneScreen {
    let scene: String
    let viewModel: JSONValue
    let catalog: SceneCatalog
    let isPresented: Bool

    func draw(width: Int, style: TextStyle) -> [String] {
        let kind = SceneCatalog.kind(ofScene: scene)
        let events = catalog.events[kind] ?? []
        let buttons = events.filter(\.fields.isEmpty).map(\.name)
        let gates = Set(buttons.compactMap(Self.gate(ofButton:)))
        let order = catalog.viewModelMembers[kind] ?? [:]
        let inner = width - 4
        var rows = memberRows(viewModel, path: "", order: order, hiding: gates, indent: "", width: inner)
        if !events.isEmpty { rows.append(Box.Row(left: "")) }
        rows += buttonRows(buttons, width: inner, style: style)
        rows += events.filter { !$0.fields.isEmpty }.map { Box.Row(left: "› " + HelpText.usage(of: $0), style: style.dim) }
        return Box(title: scene, width: width, border: isPresented ? .double : .single).draw(rows, style: style)
    }

    /// `saveEnabled` for `saveTapped`: the member that says whether the button works.
    private static func gate(ofButton name: String) -> String? {
        guard name.hasSuffix("Tapped") else { return nil }
        return name.dropLast("Tapped".count) + "Enabled"
    }

    private func buttonRows(_ buttons: [String], width: Int, style: TextStyle) -> [Box.Row] {
        var rows: [Box.Row] = []
        var line = ""
        for name in buttons {
            let enabled = Self.gate(ofButton: name).map { viewModel[$0] != .bool(false) } ?? true
            let label = enabled ? "[\(name)]" : "[\(name): disabled]"
            if !line.isEmpty && line.count + 1 + label.count > width {
                rows.append(Box.Row(left: line, style: style.bold))
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + label
        }
        if !line.isEmpty { rows.append(Box.Row(left: line, style: style.bold)) }
        return rows
    }

    /// The members of an object, described ones first, one per row; lists and objects below
    /// their name, indented.
    private func memberRows(_ object: JSONValue, path: String, order: [String: [String]], hiding: Set<String>, indent: String, width: Int) -> [Box.Row] {
        guard case .object(let members) = object else { return wrapped(Self.scalar(object), indent: indent, width: width) }
        let names = Self.names(of: members, describedAt: path, in: order)
        return names.filter { !hiding.contains($0) }.flatMap { name -> [Box.Row] in
            let member = members[name]!
            let inner = path.isEmpty ? name : path + "." + name
            switch member {
            case .array(let elements) where elements.isEmpty:
                return [Box.Row(left: indent + name + ": (none)")]
            case .array(let elements):
                return [Box.Row(left: indent + name + ":")] + elements.flatMap { element in
                    elementRows(element, path: inner, order: order, indent: indent + "  ", width: width)
                }
            case .object:
                return [Box.Row(left: indent + name + ":")] + memberRows(member, path: inner, order: order, hiding: [], indent: indent + "  ", width: width)
            default:
                return wrapped(name + ": " + Self.scalar(member), indent: indent, width: width)
            }
        }
    }

    /// One element of a list after a dash: on one line when it holds only plain values that
    /// fit (a row of a list: `- id: 1 · title: Buy milk`), else one member per line.
    private func elementRows(_ element: JSONValue, path: String, order: [String: [String]], indent: String, width: Int) -> [Box.Row] {
        guard case .object(let members) = element else { return wrapped("- " + Self.scalar(element), indent: indent, width: width) }
        let isFlat = members.values.allSatisfy { value in
            switch value {
            case .object, .array: false
            default: true
            }
        }
        let names = Self.names(of: members, describedAt: path, in: order)
        let oneLine = "- " + names.map { "\($0): \(Self.scalar(members[$0]!))" }.joined(separator: " · ")
        if isFlat && indent.count + oneLine.count <= width { return [Box.Row(left: indent + oneLine)] }
        let rows = memberRows(element, path: path, order: order, hiding: [], indent: indent + "  ", width: width)
        guard let first = rows.first else { return [Box.Row(left: indent + "-")] }
        // The element's first member carries the dash; the rest line up under it.
        return [Box.Row(left: indent + "- " + first.left.dropFirst(indent.count + 2))] + rows.dropFirst()
    }

    /// The members' names, those the engine described first and in its order, then any others
    /// sorted.
    private static func names(of members: [String: JSONValue], describedAt path: String, in order: [String: [String]]) -> [String] {
        let described = (order[path] ?? []).filter { members[$0] != nil }
        return described + members.keys.filter { !described.contains($0) }.sorted()
    }

    /// A plain value as a person reads it: text as it is, `""` for none, `—` for null.
    private static func scalar(_ value: JSONValue) -> String {
        switch value {
        case .null: "—"
        case .string(let text): text.isEmpty ? "\"\"" : text
        default: value.text
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
