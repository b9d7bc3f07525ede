// Expect "unresolved reference: saveEnabled": a render read as the wrong kind's view model.
import viper.apps.SceneKinds
import viper.apps.ViperSession

fun misuse(session: ViperSession) {
    session.onRender { render -> println(render.viewModel(SceneKinds.todoList)?.saveEnabled) }
}
