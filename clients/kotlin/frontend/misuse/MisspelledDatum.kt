// Expect "cannot find a parameter with this name: titel": a member of an event's data, misspelled.
import viper.apps.SceneKinds
import viper.apps.TodoAddEvent
import viper.apps.ViperSession

fun misuse(session: ViperSession) {
    val form = session.find(SceneKinds.todoAdd) ?: return
    session.send(form, TodoAddEvent.TitleChanged(titel = "Water the plants")).get()
}
