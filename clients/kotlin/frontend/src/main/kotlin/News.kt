import java.net.HttpURLConnection
import java.net.URL
import java.time.OffsetDateTime
import java.util.concurrent.CountDownLatch
import java.util.concurrent.TimeUnit
import viper.apps.Apps
import viper.apps.HTTPRequest
import viper.apps.HTTPResponse
import viper.apps.InitializeParams
import viper.apps.NewsListEvent
import viper.apps.SceneKinds
import viper.apps.ViperException
import viper.apps.ViperSession

/** Performs an HTTP request the engine hands over, with the platform's own client. */
fun perform(request: HTTPRequest): HTTPResponse {
    val connection = URL(request.url).openConnection() as HttpURLConnection
    connection.requestMethod = request.method
    request.headers.forEach { (name, value) -> connection.setRequestProperty(name, value) }
    request.body?.let { body ->
        connection.doOutput = true
        connection.outputStream.use { it.write(body.toByteArray(Charsets.UTF_8)) }
    }
    val status = connection.responseCode
    val stream = if (status >= 400) connection.errorStream else connection.inputStream
    val body = stream?.bufferedReader(Charsets.UTF_8)?.use { it.readText() } ?: ""
    val headers = connection.headerFields.filterKeys { it != null }.mapValues { it.value.joinToString(", ") }
    return HTTPResponse(status = status, headers = headers, body = body)
}

/** The headlines, with the front end performing the app's HTTP itself, then an article, then
 * a refusal the engine explains. */
fun readTheNews(session: ViperSession): String {
    val performed = mutableListOf<String>()
    session.onHTTP { request, _ ->
        performed.add("${request.method} ${URL(request.url).path}")
        perform(request)
    }
    val terms = session.initialize(InitializeParams(now = OffsetDateTime.parse("2026-11-23T09:00:00Z"), effects = listOf("http"))).get()
    check(terms.effects.contains("http")) { "the engine leaves HTTP to this front end" }

    val list = session.start(Apps.news).get()
    val first = session.viewModel(list)?.articles?.firstOrNull() ?: error("the headlines came: ${session.viewModel(list)}")
    check(performed.isNotEmpty()) { "the headlines came through this front end" }

    session.send(list, NewsListEvent.ArticleTapped(id = first.id)).get()
    val detail = session.find(SceneKinds.newsDetail) ?: error("the article opens")
    val article = session.viewModel(detail) ?: error("the article rendered")
    check(article.title == first.title) { "the article is the one tapped" }

    try {
        session.back(list).get()
        error("going back from a covered scene is refused")
    } catch (refusal: ViperException) {
        check(refusal.kind == "notTopScene" && refusal.data.getString("scene") == list.id) { "the refusal says why: ${refusal.message}" }
    }
    session.back(detail).get()
    check(session.top == list) { "the back gesture leaves the article" }

    // A refresh whose answer does not come, cancelled by the user: the engine gives up its HTTP too.
    val asked = CountDownLatch(1)
    val gaveUp = CountDownLatch(1)
    session.onHTTP { _, cancellation ->
        cancellation.onCancel { gaveUp.countDown() }
        asked.countDown()
        gaveUp.await()
        error("no longer needed")
    }
    val refresh = session.send(list, NewsListEvent.RefreshTapped)
    check(asked.await(20, TimeUnit.SECONDS)) { "the refresh asks for the headlines" }
    refresh.cancel()
    val outcome = try {
        refresh.get()
        "answered"
    } catch (refusal: ViperException) {
        refusal.kind
    }
    check(outcome == "cancelled" && gaveUp.count == 0L) { "the refresh was cancelled ($outcome), and its request given up (${gaveUp.count == 0L})" }
    return "news: \"${article.title}\" (${article.source}, ${article.publishedAt}), fetched with ${performed.joinToString(", ")}; a refresh cancelled"
}
