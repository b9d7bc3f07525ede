import ViperJSON

/// What a walk reached: the scene kinds, the moves that led from one to another, and how often
/// each scene's events were sent and changed something. Drawn as DOT, and as a coverage table.
package struct ExploreMap: Sendable {
    /// A move from a scene kind to the kind on top after it.
    package struct Edge: Hashable, Sendable {
        package let from: String
        package let move: String
        package let to: String
    }

    /// How often an event of a scene kind was sent, and how often it changed what was shown.
    package struct Use: Sendable {
        package var sent = 0
        package var changed = 0
    }

    /// The app's scene kinds, root first, with the events each offers, from `engine.describe`.
    package private(set) var kinds: [(kind: String, events: [String])] = []
    package private(set) var reached: Set<String> = []
    package private(set) var edges: [Edge: Int] = [:]
    package private(set) var uses: [String: [String: Use]] = [:]
    /// The events of each kind that its view model enables with a flag of their own
    /// (`saveTapped` and `saveEnabled`): those that may be disabled.
    private var flagged: [String: Set<String>] = [:]

    init(description: SessionDescription, app: String, root: String?) {
        let names = description.apps.first { $0.name == app }?.scenes ?? []
        let ordered = (root.map { [$0] } ?? []) + names.filter { $0 != root }
        kinds = ordered.map { kind in (kind, description.scenes[kind]?.events.map(\.name) ?? []) }
        for (kind, events) in kinds {
            let members = Set(description.scenes[kind]?.viewModel.compactMap { $0["name"]?.stringValue } ?? [])
            flagged[kind] = Set(events.filter { members.contains(Self.enablingFlag(of: $0)) })
        }
    }

    /// `saveEnabled` for `saveTapped`: the flag a view model enables an event with.
    static func enablingFlag(of event: String) -> String {
        (event.hasSuffix("Tapped") ? String(event.dropLast("Tapped".count)) : event) + "Enabled"
    }

    mutating func reach(_ kind: String) {
        reached.insert(kind)
        if !kinds.contains(where: { $0.kind == kind }) { kinds.append((kind, [])) }
    }

    mutating func record(from: String, action: ExploreAction, to: String, changed: Bool) {
        reach(to)
        if from != to { edges[Edge(from: from, move: action.label, to: to), default: 0] += 1 }
        if case .event(let name, _) = action.move {
            uses[from, default: [:]][name, default: Use()].sent += 1
            if changed { uses[from, default: [:]][name, default: Use()].changed += 1 }
        }
    }

    /// How many of the described events of reached scenes were sent, of how many.
    package var eventCoverage: (sent: Int, total: Int) {
        var sent = 0
        var total = 0
        for (kind, events) in kinds where reached.contains(kind) {
            total += events.count
            sent += events.filter { (uses[kind]?[$0]?.sent ?? 0) > 0 }.count
        }
        return (sent, total)
    }

    /// Scenes reached and events sent, of every scene the app describes and all their events:
    /// what a timeline of the walk counts.
    package var totalCoverage: (covered: Int, total: Int) {
        let events = kinds.reduce(0) { $0 + $1.events.count }
        let sent = kinds.reduce(0) { total, kind in total + kind.events.filter { (uses[kind.kind]?[$0]?.sent ?? 0) > 0 }.count }
        return (reached.count + sent, kinds.count + events)
    }

    /// The map as a Graphviz DOT graph: a node per scene kind (dashed when never reached), an
    /// edge per move that led from one kind to another.
    package func dot(title: String) -> String {
        var lines = ["digraph \"\(title)\" {", "  rankdir=LR;", "  node [shape=box, style=rounded, fontname=\"Helvetica\"];",
            "  edge [fontname=\"Helvetica\", fontsize=10];"]
        for (kind, _) in kinds {
            lines.append("  \"\(kind)\"" + (reached.contains(kind) ? ";" : " [style=\"rounded,dashed\", fontcolor=gray];"))
        }
        let grouped = Dictionary(grouping: edges.keys) { "\($0.from)\u{0}\($0.to)" }
        for key in grouped.keys.sorted() {
            let group = grouped[key]!.sorted { $0.move < $1.move }
            let label = group.map(\.move).joined(separator: "\\n")
            lines.append("  \"\(group[0].from)\" -> \"\(group[0].to)\" [label=\"\(label)\"];")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The map as lines of text, a move from one kind to another on each, then the kinds never
    /// reached: what the REPL's `map` prints.
    package func textLines() -> [String] {
        let grouped = Dictionary(grouping: edges.keys) { "\($0.from)\u{0}\($0.to)" }
        let width = kinds.map(\.kind.count).max() ?? 0
        var lines = grouped.keys.sorted().map { key in
            let group = grouped[key]!.sorted { $0.move < $1.move }
            let from = group[0].from
            return from + String(repeating: " ", count: max(0, width - from.count)) + "  --" + group.map(\.move).joined(separator: ", ") + "-->  " + group[0].to
        }
        let unreached = kinds.map(\.kind).filter { !reached.contains($0) }
        if !unreached.isEmpty { lines.append("never reached: " + unreached.joined(separator: ", ")) }
        return lines
    }

    /// The coverage table as Markdown: each scene kind's events, how often each was sent and
    /// changed something. An event sent that never changed anything was never enabled when its
    /// view model has a flag for it (`saveEnabled`); one without a flag is enabled whenever its
    /// scene shows, and only changed nothing (a refresh that found the same data).
    package func coverageTable() -> String {
        var lines = ["| scene | event | sent | changed something |", "| --- | --- | ---: | ---: |"]
        for (kind, events) in kinds {
            guard reached.contains(kind) else {
                lines.append("| \(kind) | (never reached) | | |")
                continue
            }
            if events.isEmpty { lines.append("| \(kind) | (no events) | | |") }
            for event in events {
                let use = uses[kind]?[event] ?? Use()
                let unchanged = flagged[kind]?.contains(event) == true ? " (never enabled)" : " (changed nothing)"
                let note = use.sent == 0 ? " (never sent)" : use.changed == 0 ? unchanged : ""
                lines.append("| \(kind) | \(event)\(note) | \(use.sent) | \(use.changed) |")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
