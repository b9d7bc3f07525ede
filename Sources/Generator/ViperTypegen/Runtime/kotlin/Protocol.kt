package PACKAGE

import java.time.LocalDate
import java.time.OffsetDateTime
import java.time.format.DateTimeFormatter
import org.json.JSONArray
import org.json.JSONObject

/** Text the user types that must not be shown, logged or kept, such as a password: mask its input. */
typealias Secret = String

/** Days and instants as the wire spells them: `2026-11-19`, `2026-11-19T09:00:00Z`. */
object WireTime {
    fun day(text: String): LocalDate = LocalDate.parse(text)
    fun instant(text: String): OffsetDateTime = OffsetDateTime.parse(text)
    fun text(day: LocalDate): String = day.toString()
    fun text(instant: OffsetDateTime): String = instant.format(DateTimeFormatter.ISO_OFFSET_DATE_TIME)
}

/** The versions of the protocol the engine speaks. */
enum class ProtocolVersion(val wire: String) { V1_0("1.0"), V1_1("1.1") }

/** How a scene joined or left the stack (protocol.md §5.1). */
enum class NavigationAction(val wire: String) {
    ROOT("root"), PUSH("push"), PRESENT("present"), POP("pop"), DISMISS("dismiss");

    companion object {
        fun of(wire: String): NavigationAction = values().first { it.wire == wire }
    }
}

/** The terms of a session (protocol.md §4.1); each left out keeps the engine's default. */
class InitializeParams(
    /** The version the client speaks; the newest when left out. */
    val protocolVersion: ProtocolVersion? = null,
    /** Fixes the session clock at this instant; it follows the system clock when left out. */
    val now: OffsetDateTime? = null,
    /** An IANA time zone (`Europe/Paris`), which decides the day an instant falls on. */
    val timeZone: String? = null,
    /** A locale (`fr_FR`) for the names Presenters show. */
    val locale: String? = null,
    /** The first day of the week: 1 = Sunday … 7 = Saturday. */
    val firstWeekday: Int? = null,
    /** What the client does itself: `listOf("http")` sends it the apps' HTTP (`onHTTP`). */
    val effects: List<String>? = null,
    /** Whose data the apps work on. */
    val workspace: String? = null,
    /** The `resumeKey` of a session whose connection broke: it goes on here. */
    val resume: String? = null
) {
    fun toJson(): JSONObject {
        val json = JSONObject()
        protocolVersion?.let { json.put("protocolVersion", it.wire) }
        now?.let { json.put("now", WireTime.text(it)) }
        timeZone?.let { json.put("timeZone", it) }
        locale?.let { json.put("locale", it) }
        firstWeekday?.let { json.put("firstWeekday", it) }
        effects?.let { json.put("capabilities", JSONObject().put("effects", JSONArray(it))) }
        workspace?.let { json.put("workspace", it) }
        resume?.let { json.put("resume", it) }
        return json
    }
}

/** What `initialize` answers. */
class InitializeResult(
    val protocolVersion: String,
    val engineName: String,
    val engineVersion: String,
    /** The apps `start` takes. */
    val apps: List<String>,
    /** The effects the engine leaves to this client. */
    val effects: List<String>,
    val faultInjection: Boolean,
    /** The longest line the engine reads, in bytes. */
    val maxLineBytes: Long,
    /** The key that resumes this session once, when the engine keeps journals. */
    val resumeKey: String?,
    /** When `initialize` asked to resume: how many requests were replayed, or why none was. */
    val resume: ResumeOutcome?
) {
    companion object {
        fun fromJson(json: JSONObject): InitializeResult {
            val engine = json.getJSONObject("engine")
            val capabilities = json.getJSONObject("capabilities")
            return InitializeResult(
                protocolVersion = json.getString("protocolVersion"),
                engineName = engine.getString("name"),
                engineVersion = engine.getString("version"),
                apps = strings(json.getJSONArray("apps")),
                effects = capabilities.optJSONArray("effects")?.let { strings(it) } ?: emptyList(),
                faultInjection = capabilities.getBoolean("faultInjection"),
                maxLineBytes = capabilities.getLong("maxLineBytes"),
                resumeKey = if (json.has("resumeKey")) json.getString("resumeKey") else null,
                resume = json.optJSONObject("resume")?.let { ResumeOutcome.fromJson(it) }
            )
        }

        private fun strings(array: JSONArray): List<String> = List(array.length()) { array.getString(it) }
    }
}

/** How a resume went: the requests replayed, or the error that made the session a fresh one. */
class ResumeOutcome(val replayed: Long, val error: ProtocolError?) {
    companion object {
        fun fromJson(json: JSONObject): ResumeOutcome =
            ResumeOutcome(json.getLong("replayed"), json.optJSONObject("error")?.let { ProtocolError.fromJson(it) })
    }
}

/** An HTTP request the engine asks the client to perform (`effect.http`, protocol.md §6). */
class HTTPRequest(
    val method: String,
    /** The absolute URL. */
    val url: String,
    val headers: Map<String, String>,
    /** The body as text, or null for none. */
    val body: String?,
    /** Instead of `body`, a body that is not UTF-8, in base64. */
    val bodyBase64: String?
) {
    companion object {
        fun fromJson(json: JSONObject): HTTPRequest {
            val headers = json.optJSONObject("headers")
            return HTTPRequest(
                method = json.getString("method"),
                url = json.getString("url"),
                headers = headers?.keys()?.asSequence()?.associateWith { headers.getString(it) } ?: emptyMap(),
                body = if (json.isNull("body")) null else json.getString("body"),
                bodyBase64 = if (json.has("bodyBase64")) json.getString("bodyBase64") else null
            )
        }
    }
}

/** The answer to an `HTTPRequest`: any status is an answer, 404 and 500 too. */
class HTTPResponse(
    /** 100 to 599. */
    val status: Int,
    val headers: Map<String, String> = emptyMap(),
    /** The body as text; `bodyBase64` instead for bytes. No body is an empty one. */
    val body: String? = null,
    val bodyBase64: String? = null
) {
    fun toJson(): JSONObject {
        val json = JSONObject().put("status", status).put("headers", JSONObject(headers))
        body?.let { json.put("body", it) }
        bodyBase64?.let { json.put("bodyBase64", it) }
        return json
    }
}

/** The JSON-RPC codes of the protocol's errors (protocol.md §10). */
object ErrorCode {
    const val PARSE_ERROR = -32700
    const val INVALID_REQUEST = -32600
    const val METHOD_NOT_FOUND = -32601
    const val INVALID_PARAMS = -32602
    const val INTERNAL_ERROR = -32603
    const val NOT_INITIALIZED = -32002
    const val CANNOT_RESUME = -32010
    const val CANCELLED = -32800
    /** What this client replies when an effect handler fails: the service sees a network failure. */
    const val EFFECT_FAILED = -32000
}

/** An error as the wire carries it: its code, a message for people, and `data` with its `kind`. */
class ProtocolError(val code: Int, val message: String, val data: JSONObject) {
    /** The stable name of the error (`unknownScene`, `invalidParams`, `cancelled`, …). */
    val kind: String get() = data.optString("kind", "internalError")

    companion object {
        fun fromJson(json: JSONObject): ProtocolError = ProtocolError(
            json.optInt("code", ErrorCode.INTERNAL_ERROR),
            json.optString("message", "the engine refused the request"),
            json.optJSONObject("data") ?: JSONObject().put("kind", "internalError")
        )
    }
}

/** A request the engine refused: its error, and the method it answered. */
class ViperException(val error: ProtocolError, val method: String) : Exception(error.message) {
    val code: Int get() = error.code
    val kind: String get() = error.kind
    val data: JSONObject get() = error.data
}

/** The engine went away before it answered. */
class ConnectionClosed(message: String) : Exception(message)
