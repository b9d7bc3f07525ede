package PACKAGE

import org.json.JSONObject

/** An event a scene accepts: its wire name, and its data when it has any. */
abstract class SceneEvent(val wireName: String) {
    open fun wireData(): JSONObject? = null
}

/**
 * A scene kind: its wire name (`todo.add`), what the app calls it and its parts, and how to read
 * its view model. `VM` is its view model's type and `E` the type of its events.
 */
class SceneKind<VM : Any, E : SceneEvent>(
    val name: String,
    /** The screen's title, when the app gives one. */
    val title: String?,
    /** What to say when its lists are empty, when the app says. */
    val emptyText: String?,
    /** Words for its events and members, by wire name. */
    val labels: Map<String, String>,
    /** What its members and events mean to a View, by wire name. */
    val roles: Map<String, String>,
    /** The tone of each value of a member with the `state` role, by member. */
    val tones: Map<String, Map<String, String>>,
    private val decode: (JSONObject) -> VM
) {
    /** Reads a view model of this kind as the engine writes it. */
    fun viewModel(json: JSONObject): VM = decode(json)

    override fun toString(): String = name
}

/** An app: the name `start` takes, and the kind of the scene it starts on. */
class App<VM : Any, E : SceneEvent>(val name: String, val root: SceneKind<VM, E>)

/** A live scene: its id (`todo.add#1`) and its kind, which types its view model and events. */
class SceneRef<VM : Any, E : SceneEvent> internal constructor(val id: String, val kind: SceneKind<VM, E>) {
    /** This scene as one of `kind`, when it is one. */
    @Suppress("UNCHECKED_CAST")
    fun <OtherVM : Any, OtherE : SceneEvent> of(kind: SceneKind<OtherVM, OtherE>): SceneRef<OtherVM, OtherE>? =
        if (this.kind === kind) this as SceneRef<OtherVM, OtherE> else null

    override fun equals(other: Any?): Boolean = other is SceneRef<*, *> && other.id == id
    override fun hashCode(): Int = id.hashCode()
    override fun toString(): String = id
}

/** A scene joined or left the stack. `scene.of(kind)` gives it typed. */
class Navigation(
    val action: NavigationAction,
    val scene: SceneRef<*, *>,
    /** For push and present, the scene that opened it; for pop and dismiss, the one now on top. */
    val from: SceneRef<*, *>?
)

/** What a scene shows now. */
class Render(val scene: SceneRef<*, *>, private val json: JSONObject) {
    /** The view model, when the scene is of kind `kind`. */
    fun <VM : Any, E : SceneEvent> viewModel(kind: SceneKind<VM, E>): VM? = scene.of(kind)?.let { kind.viewModel(json) }
}
