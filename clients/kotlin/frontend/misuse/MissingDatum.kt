// Expect "no value passed for parameter 'title'": an event sent without the data it needs.
import viper.apps.SceneKinds
import viper.apps.TodoAddEvent
import viper.apps.ViperSession

fun misuse(session: ViperSession) {
    val form = session.find(SceneKinds.todoAdd) ?: return
    session.send(form, TodoAddEvent.TitleChanged()).get()
}
