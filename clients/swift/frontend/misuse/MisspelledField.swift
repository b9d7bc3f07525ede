// Expect "has no member 'isEmtpy'": a view model's field, misspelled.
import ViperApps

func misuse(_ session: ViperSession) async throws -> Bool? {
    let list = try await session.start(Apps.todo)
    return session.viewModel(list)?.isEmtpy
}
