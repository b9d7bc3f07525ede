// Expect "unresolved reference: isEmtpy": a view model's field, misspelled.
import viper.apps.Apps
import viper.apps.ViperSession

fun misuse(session: ViperSession): Boolean? {
    val list = session.start(Apps.todo).get()
    return session.viewModel(list)?.isEmtpy
}
