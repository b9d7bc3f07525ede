package PACKAGE

import java.time.OffsetDateTime
import java.util.concurrent.CompletableFuture
import java.util.concurrent.CopyOnWriteArrayList
import java.util.concurrent.ExecutionException
import java.util.concurrent.TimeUnit
import org.json.JSONObject

/**
 * How the session reaches the engine: one JSON text per line each way, such as `viper serve`'s
 * standard input and output, or a WebSocket's text frames. `send` may be called from any thread.
 */
interface Transport {
    /** Sends one line, without its newline. */
    fun send(line: String)
    /** Calls `listener` with each line the engine writes, in order, without its newline. */
    fun onLine(listener: (String) -> Unit)
    /** Calls `listener` once the engine is gone; what still waits for an answer then fails. */
    fun onClose(listener: (Throwable?) -> Unit) {}
}

/** A request on its way: its id, its answer to come, and a way to cancel it. */
class Pending<T> internal constructor(val id: Long, val future: CompletableFuture<T>, private val cancelling: () -> Unit) {
    /** Waits for the answer; a refusal throws its `ViperException`. */
    fun get(): T = unwrapped { future.get() }

    /** Waits at most `timeout` for the answer. */
    fun get(timeout: Long, unit: TimeUnit): T = unwrapped { future.get(timeout, unit) }

    /** Asks the engine to cancel the request; it then fails with a `ViperException` of kind `cancelled`. */
    fun cancel() = cancelling()

    private fun unwrapped(wait: () -> T): T = try {
        wait()
    } catch (failure: ExecutionException) {
        throw failure.cause ?: failure
    }
}

/** Tells an effect's handler that the engine no longer needs its answer. */
class EffectCancellation internal constructor() {
    @Volatile
    var isCancelled: Boolean = false
        private set
    private val listeners = CopyOnWriteArrayList<() -> Unit>()

    fun onCancel(listener: () -> Unit) {
        listeners.add(listener)
        if (isCancelled) listener()
    }

    internal fun cancel() {
        if (isCancelled) return
        isCancelled = true
        listeners.forEach { it() }
    }
}

/**
 * One session with the engine: typed requests, and the renders and navigation it writes. The
 * session keeps the stack of live scenes and the view model each rendered last. Listeners run
 * on the thread that delivers the engine's lines.
 */
class ViperSession(private val transport: Transport) {
    private class Waiter(val method: String, val resolve: (Any?) -> Unit, val reject: (Throwable) -> Unit)

    private val lock = Any()
    private var nextId = 1L
    private val waiting = HashMap<Long, Waiter>()
    private val scenes = HashMap<String, SceneRef<*, *>>()
    private val liveStack = ArrayList<SceneRef<*, *>>()
    private val viewModels = HashMap<String, JSONObject>()
    private val effects = HashMap<String, EffectCancellation>()
    private val navigationListeners = CopyOnWriteArrayList<(Navigation) -> Unit>()
    private val renderListeners = CopyOnWriteArrayList<(Render) -> Unit>()
    @Volatile
    private var httpHandler: ((HTTPRequest, EffectCancellation) -> HTTPResponse)? = null
    private var closed: ConnectionClosed? = null

    /** The key that resumes this session, when the engine keeps journals. */
    @Volatile
    var resumeKey: String? = null
        private set

    init {
        transport.onLine { receive(it) }
        transport.onClose { close(it) }
    }

    /** The live scenes, bottom first. */
    val stack: List<SceneRef<*, *>> get() = synchronized(lock) { liveStack.toList() }

    /** The scene on top, which the user sees. */
    val top: SceneRef<*, *>? get() = synchronized(lock) { liveStack.lastOrNull() }

    /** The highest live scene of kind `kind`. */
    fun <VM : Any, E : SceneEvent> find(kind: SceneKind<VM, E>): SceneRef<VM, E>? =
        synchronized(lock) { liveStack.asReversed().asSequence().mapNotNull { it.of(kind) }.firstOrNull() }

    /** The view model `scene` rendered last, while it is live. */
    fun <VM : Any, E : SceneEvent> viewModel(scene: SceneRef<VM, E>): VM? =
        synchronized(lock) { viewModels[scene.id] }?.let { scene.kind.viewModel(it) }

    fun initialize(params: InitializeParams = InitializeParams()): Pending<InitializeResult> =
        request("initialize", params.toJson()) { result ->
            InitializeResult.fromJson(result as JSONObject).also { resumeKey = it.resumeKey }
        }

    /** Starts `app`: its root scene replaces the stack. */
    fun <VM : Any, E : SceneEvent> start(app: App<VM, E>): Pending<SceneRef<VM, E>> =
        request("app.start", JSONObject().put("app", app.name)) { result ->
            val id = (result as JSONObject).getString("scene")
            synchronized(lock) { scenes[id] }?.of(app.root) ?: SceneRef(id, app.root)
        }

    /** Sends the user's `event` to `scene`: only events of the scene's kind are accepted. */
    fun <VM : Any, E : SceneEvent> send(scene: SceneRef<VM, E>, event: E): Pending<Unit> {
        val params = JSONObject().put("scene", scene.id).put("event", event.wireName)
        event.wireData()?.let { params.put("data", it) }
        return request("view.event", params) { Unit }
    }

    /** The user left the top scene with the platform's gesture (a back button, a swipe). */
    fun back(scene: SceneRef<*, *>): Pending<Unit> = request("view.back", JSONObject().put("scene", scene.id)) { Unit }

    /** Fixes the session clock at `now`; scenes that show the time render again. */
    fun setClock(now: OffsetDateTime): Pending<Unit> = request("clock.set", JSONObject().put("now", WireTime.text(now))) { Unit }

    /** What `engine.state` answers: the live scenes, bottom first, with their view models. */
    fun state(): Pending<JSONObject> = request("engine.state", null) { it as JSONObject }

    /** What `engine.describe` answers. */
    fun describe(): Pending<JSONObject> = request("engine.describe", null) { it as JSONObject }

    /** Answers once nothing more happens without outside input. */
    fun idle(): Pending<Unit> = request("engine.idle", null) { Unit }

    fun shutdown(): Pending<Unit> = request("shutdown", null) { Unit }

    /** Any other method, untyped (`notification.post`, `debug.injectFault`). */
    fun request(method: String, params: JSONObject?): Pending<Any?> = request(method, params) { it }

    /** Calls `listener` with each navigation, after the stack changed. */
    fun onNavigate(listener: (Navigation) -> Unit) {
        navigationListeners.add(listener)
    }

    /** Calls `listener` with each render. */
    fun onRender(listener: (Render) -> Unit) {
        renderListeners.add(listener)
    }

    /**
     * Performs the apps' HTTP, for a session initialized with `effects = listOf("http")`. The
     * handler runs on a thread of its own; one that throws answers with a transport failure.
     */
    fun onHTTP(handler: (HTTPRequest, EffectCancellation) -> HTTPResponse) {
        httpHandler = handler
    }

    private fun <T> request(method: String, params: JSONObject?, shape: (Any?) -> T): Pending<T> {
        val future = CompletableFuture<T>()
        val id: Long
        val failure: ConnectionClosed?
        synchronized(lock) {
            id = nextId++
            failure = closed
            if (failure == null) {
                waiting[id] = Waiter(method, { result ->
                    try {
                        future.complete(shape(result))
                    } catch (mistake: Exception) {
                        future.completeExceptionally(mistake)
                    }
                }, { future.completeExceptionally(it) })
            }
        }
        val pending = Pending(id, future) {
            if (synchronized(lock) { waiting.containsKey(id) }) {
                write(JSONObject().put("jsonrpc", "2.0").put("method", "\$/cancelRequest").put("params", JSONObject().put("id", id)))
            }
        }
        if (failure != null) {
            future.completeExceptionally(failure)
            return pending
        }
        val message = JSONObject().put("jsonrpc", "2.0").put("id", id).put("method", method)
        params?.let { message.put("params", it) }
        write(message)
        return pending
    }

    private fun write(message: JSONObject) {
        if (synchronized(lock) { closed } == null) transport.send(message.toString())
    }

    private fun receive(line: String) {
        // The engine writes one JSON object per line; anything else (a shell's banner) is not for us.
        val message = try {
            JSONObject(line)
        } catch (unreadable: Exception) {
            return
        }
        val method = message.optString("method", "")
        if (method.isNotEmpty()) {
            if (message.has("id")) effect(message) else notification(method, message.optJSONObject("params") ?: JSONObject())
            return
        }
        val id = message.optLong("id", -1)
        val waiter = synchronized(lock) { waiting.remove(id) } ?: return
        val error = message.optJSONObject("error")
        if (error != null) waiter.reject(ViperException(ProtocolError.fromJson(error), waiter.method))
        else waiter.resolve(if (message.isNull("result")) null else message.get("result"))
    }

    private fun notification(method: String, params: JSONObject) {
        when (method) {
            "view.navigate" -> navigate(params)
            "view.render" -> render(params)
            "\$/cancelRequest" -> synchronized(lock) { effects[params.optString("id")] }?.cancel()
        }
    }

    /** The scene `id`, made the first time it is named. */
    private fun scene(id: String, kindName: String?): SceneRef<*, *> = synchronized(lock) {
        scenes.getOrPut(id) { SceneRef(id, SceneKinds.named(kindName ?: id.substringBeforeLast('#'))) }
    }

    private fun navigate(params: JSONObject) {
        val scene = scene(params.getString("scene"), params.optString("kind", null))
        val from = if (params.has("from")) scene(params.getString("from"), null) else null
        val action = NavigationAction.of(params.getString("action"))
        synchronized(lock) {
            when (action) {
                NavigationAction.ROOT -> {
                    liveStack.filter { it != scene }.forEach { forget(it) }
                    liveStack.clear()
                    liveStack.add(scene)
                }
                NavigationAction.PUSH, NavigationAction.PRESENT -> liveStack.add(scene)
                NavigationAction.POP, NavigationAction.DISMISS -> {
                    liveStack.remove(scene)
                    forget(scene)
                }
            }
        }
        val navigation = Navigation(action, scene, from)
        navigationListeners.forEach { it(navigation) }
    }

    private fun forget(scene: SceneRef<*, *>) {
        scenes.remove(scene.id)
        viewModels.remove(scene.id)
    }

    private fun render(params: JSONObject) {
        val scene = scene(params.getString("scene"), params.optString("kind", null))
        val viewModel = params.getJSONObject("viewModel")
        synchronized(lock) { viewModels[scene.id] = viewModel }
        val render = Render(scene, viewModel)
        renderListeners.forEach { it(render) }
    }

    private fun effect(message: JSONObject) {
        val id = message.get("id")
        val handler = httpHandler
        if (message.getString("method") != "effect.http" || handler == null) {
            val reason = if (handler == null) "this client performs no HTTP: give the session an onHTTP handler"
            else "this client has no method '${message.getString("method")}'"
            reply(id, null, reason)
            return
        }
        val cancellation = EffectCancellation()
        synchronized(lock) { effects[id.toString()] = cancellation }
        Thread {
            try {
                val response = handler(HTTPRequest.fromJson(message.getJSONObject("params")), cancellation)
                if (!cancellation.isCancelled) reply(id, response.toJson(), null)
            } catch (failure: Exception) {
                if (!cancellation.isCancelled) reply(id, null, failure.message ?: failure.toString())
            } finally {
                synchronized(lock) { effects.remove(id.toString()) }
            }
        }.start()
    }

    private fun reply(id: Any, result: JSONObject?, failure: String?) {
        val message = JSONObject().put("jsonrpc", "2.0").put("id", id)
        if (result != null) message.put("result", result)
        else message.put("error", JSONObject().put("code", ErrorCode.EFFECT_FAILED).put("message", failure))
        write(message)
    }

    private fun close(error: Throwable?) {
        val failed: List<Waiter>
        val running: List<EffectCancellation>
        synchronized(lock) {
            if (closed != null) return
            closed = ConnectionClosed(if (error != null) "the engine went away: ${error.message}" else "the engine went away")
            failed = waiting.values.toList()
            waiting.clear()
            running = effects.values.toList()
        }
        failed.forEach { it.reject(closed!!) }
        running.forEach { it.cancel() }
    }
}
