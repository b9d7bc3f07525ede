import viper.apps.ViperSession

/** Each story in an engine of its own, as a front end would start one per window. */
fun main() {
    for (story in listOf(::addAToDo, ::bookAFlight, ::readTheNews)) {
        val engine = EngineProcess()
        val session = ViperSession(engine)
        println("✔ ${story(session)}")
        session.shutdown().get()
        engine.close()
    }
}
