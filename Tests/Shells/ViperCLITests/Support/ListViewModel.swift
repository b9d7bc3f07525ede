import Foundation

/// The `todo.list` view model, decoded strictly: `id` must be a string, every member present.
struct ListViewModel: Decodable, Equatable {
    struct Section: Decodable, Equatable {
        let kind: String
        let title: String
        let items: [Item]
    }

    struct Item: Decodable, Equatable {
        let id: String
        let title: String
        let dueDate: String
        let dueDay: String
    }

    /// One listed item with the section it is in; ids left out, since the contract only says
    /// they are strings.
    struct Row: Equatable, CustomStringConvertible {
        let section: String
        let title: String
        let dueDate: String
        let dueDay: String

        init(_ section: String, _ title: String, _ dueDate: String, _ dueDay: String) {
            self.section = section
            self.title = title
            self.dueDate = dueDate
            self.dueDay = dueDay
        }

        var description: String { "\(section): \(title) \(dueDate) \"\(dueDay)\"" }
    }

    let isEmpty: Bool
    let sections: [Section]

    /// Decodes the view model of a `view.render` line.
    init(render line: String) throws {
        self = try JSONDecoder().decode(Self.self, from: WireJSON.viewModelData(ofRender: line))
    }

    /// Decodes the view model of the last `todo.list` render among `lines`.
    init(lastRenderIn lines: [String]) throws {
        guard let render = lines.last(where: { line in
            WireJSON.object(line)?["method"] as? String == "view.render"
                && WireJSON.scene(of: line).map(Wire.kind(of:)) == "todo.list"
        }) else { throw ServeProcess.Failure(description: "no todo.list render among \(lines)") }
        try self.init(render: render)
    }

    /// Every item, top to bottom, with its section.
    var rows: [Row] {
        sections.flatMap { section in section.items.map { Row(section.kind, $0.title, $0.dueDate, $0.dueDay) } }
    }
}
