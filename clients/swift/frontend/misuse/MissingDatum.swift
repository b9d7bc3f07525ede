// Expect "missing argument for parameter 'title'": an event sent without the data it needs.
import ViperApps

func misuse(_ session: ViperSession) async throws {
    guard let form = session.find(TodoAdd.self) else { return }
    try await session.send(form, .titleChanged())
}
