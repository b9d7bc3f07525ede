// Expect "has no member 'saveTaped'": an event name, misspelled.
import ViperApps

func misuse(_ session: ViperSession) async throws {
    guard let form = session.find(TodoAdd.self) else { return }
    try await session.send(form, .saveTaped)
}
