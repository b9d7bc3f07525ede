import Foundation
import ViperApps

/// The ToDo add story: open the form, type a title, pick a day, save, and find it in the list.
func addAToDo(_ session: ViperSession) async throws -> String {
    let moves = Heard()
    session.onNavigate { navigation in
        // `as` gives the scene typed when it is of that kind: here a SceneRef<TodoAdd>.
        if let form = navigation.scene.as(TodoAdd.self) { moves.append("\(navigation.action.rawValue) \(form.id)") }
    }

    try await session.initialize(InitializeParams(now: try instant("2026-11-19T09:00:00Z"), timeZone: "UTC"))
    let list = try await session.start(Apps.todo)
    try check(session.viewModel(list)?.isEmpty == true, "a new ToDo list is empty")

    try await session.send(list, .addTapped)
    guard let form = session.find(TodoAdd.self) else { throw StoryFailure(description: "addTapped presents the form") }
    try check(session.top == AnySceneRef(form), "the form is on top")
    try check(session.viewModel(form)?.saveEnabled == false, "an empty form cannot be saved")

    try await session.send(form, .titleChanged(title: "Water the plants"))
    try await session.send(form, .dueDateChanged(dueDate: Day(year: 2026, month: 11, day: 20)))
    let filled = session.viewModel(form)
    try check(filled?.saveEnabled == true && filled?.problems.isEmpty == true, "a filled form can be saved: \(String(describing: filled))")

    try await session.send(form, .saveTapped)
    try check(session.top == AnySceneRef(list) && session.find(TodoAdd.self) == nil, "saving dismisses the form")
    let items = session.viewModel(list)?.sections.flatMap(\.items) ?? []
    guard let saved = items.first(where: { $0.title == "Water the plants" }) else { throw StoryFailure(description: "the list shows the saved ToDo: \(items)") }
    try check(saved.dueDate == Day(year: 2026, month: 11, day: 20), "it is due the day picked: \(saved)")
    try check(moves.all == ["present todo.add#1", "dismiss todo.add#1"], "the form came and went: \(moves.all)")

    return "todo: saved \"\(saved.title)\", due \(saved.dueDay), with \"\(TodoAdd.presentation.labels["saveTapped"] ?? "")\""
}
