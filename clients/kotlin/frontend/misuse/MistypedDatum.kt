// Expect "type mismatch: inferred type is String but Long was expected": a datum of the wrong type.
import viper.apps.Apps
import viper.apps.FlightsSearchEvent
import viper.apps.ViperSession

fun misuse(session: ViperSession) {
    val search = session.start(Apps.flights).get()
    session.send(search, FlightsSearchEvent.PassengersChanged(count = "2")).get()
}
