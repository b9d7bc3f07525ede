// Expect "unresolved reference: SaveTaped": an event name, misspelled.
import viper.apps.SceneKinds
import viper.apps.TodoAddEvent
import viper.apps.ViperSession

fun misuse(session: ViperSession) {
    val form = session.find(SceneKinds.todoAdd) ?: return
    session.send(form, TodoAddEvent.SaveTaped).get()
}
