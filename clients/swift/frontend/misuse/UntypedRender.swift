// Expect "has no member 'saveEnabled'": a render read as the wrong kind's view model.
import ViperApps

func misuse(_ session: ViperSession) {
    session.onRender { render in print(render.viewModel(TodoList.self)?.saveEnabled as Any) }
}
