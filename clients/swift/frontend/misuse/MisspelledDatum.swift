// Expect "incorrect argument label in call (have 'titel:', expected 'title:')": a member of an event's data, misspelled.
import ViperApps

func misuse(_ session: ViperSession) async throws {
    guard let form = session.find(TodoAdd.self) else { return }
    try await session.send(form, .titleChanged(titel: "Water the plants"))
}
