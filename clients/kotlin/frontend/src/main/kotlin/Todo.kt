import java.time.LocalDate
import java.time.OffsetDateTime
import viper.apps.Apps
import viper.apps.InitializeParams
import viper.apps.SceneKinds
import viper.apps.TodoAddEvent
import viper.apps.TodoListEvent
import viper.apps.ViperSession

/** The ToDo add story: open the form, type a title, pick a day, save, and find it in the list. */
fun addAToDo(session: ViperSession): String {
    val moves = mutableListOf<String>()
    session.onNavigate { navigation ->
        // `of` gives the scene typed when it is of that kind: here a SceneRef of todo.add.
        navigation.scene.of(SceneKinds.todoAdd)?.let { moves.add("${navigation.action.wire} ${it.id}") }
    }

    session.initialize(InitializeParams(now = OffsetDateTime.parse("2026-11-19T09:00:00Z"), timeZone = "UTC")).get()
    val list = session.start(Apps.todo).get()
    check(session.viewModel(list)?.isEmpty == true) { "a new ToDo list is empty" }

    session.send(list, TodoListEvent.AddTapped).get()
    val form = session.find(SceneKinds.todoAdd) ?: error("addTapped presents the form")
    check(session.top == form) { "the form is on top" }
    check(session.viewModel(form)?.saveEnabled == false) { "an empty form cannot be saved" }

    session.send(form, TodoAddEvent.TitleChanged(title = "Water the plants")).get()
    session.send(form, TodoAddEvent.DueDateChanged(dueDate = LocalDate.of(2026, 11, 20))).get()
    val filled = session.viewModel(form) ?: error("the form rendered")
    check(filled.saveEnabled && filled.problems.isEmpty()) { "a filled form can be saved: $filled" }

    session.send(form, TodoAddEvent.SaveTapped).get()
    check(session.top == list && session.find(SceneKinds.todoAdd) == null) { "saving dismisses the form" }
    val items = session.viewModel(list)?.sections?.flatMap { it.items } ?: emptyList()
    val saved = items.firstOrNull { it.title == "Water the plants" } ?: error("the list shows the saved ToDo: $items")
    check(saved.dueDate == LocalDate.of(2026, 11, 20)) { "it is due the day picked: $saved" }
    check(moves == listOf("present todo.add#1", "dismiss todo.add#1")) { "the form came and went: $moves" }

    return "todo: saved \"${saved.title}\", due ${saved.dueDay}, with \"${SceneKinds.todoAdd.labels["saveTapped"]}\""
}
