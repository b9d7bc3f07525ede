// Expect "has no member 'titleChanged'": an event of todo.add sent to the list.
import ViperApps

func misuse(_ session: ViperSession) async throws {
    let list = try await session.start(Apps.todo)
    try await session.send(list, .titleChanged(title: "Water the plants"))
}
