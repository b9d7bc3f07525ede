// Expect "Cannot infer type parameter E": an event of todo.add sent to the list.
import viper.apps.Apps
import viper.apps.TodoAddEvent
import viper.apps.ViperSession

fun misuse(session: ViperSession) {
    val list = session.start(Apps.todo).get()
    session.send(list, TodoAddEvent.TitleChanged(title = "Water the plants")).get()
}
