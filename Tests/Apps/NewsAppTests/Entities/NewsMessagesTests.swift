import AppTestSupport
import Testing

@testable import NewsApp

@Suite("News failures: what the list says, naming the cause")
struct NewsMessagesTests {
    @Test(
        "Each failure's message says what happened and names its cause",
        arguments: [
            (NewsFailure.unreachable("connection refused"), "The news server could not be reached (connection refused)."),
            (
                NewsFailure.refused(code: "apiKeyInvalid", message: "Your API key is invalid or incorrect."),
                "The news service refused the request (apiKeyInvalid): Your API key is invalid or incorrect."
            ),
            (NewsFailure.status(503), "The news server answered with an error (HTTP 503)."),
            (NewsFailure.malformed("the body (text/html) is not JSON"), "The news server's answer could not be read (the body (text/html) is not JSON)."),
            (NewsFailure.cancelled, "Loading was cancelled."),
        ])
    func messages(failure: NewsFailure, message: String) {
        #expect(NewsMessages.text(failure) == message)
    }

    @Test("Unreachable names the reason")
    func unreachableNamesReason() {
        #expect(NewsMessages.text(.unreachable("timed out after 30 s")).contains("timed out after 30 s"))
    }

    @Test("A refusal names NewsAPI's code and message")
    func refusedNamesCodeAndMessage() {
        let message = NewsMessages.text(.refused(code: "rateLimited", message: "You have been rate limited."))
        #expect(message.contains("rateLimited"))
        #expect(message.contains("You have been rate limited."))
    }

    @Test("An error status names the status", arguments: [401, 429, 500, 502])
    func statusNamesStatus(status: Int) {
        #expect(NewsMessages.text(.status(status)).contains("HTTP \(status)"))
    }

    @Test("An unreadable answer names why")
    func malformedNamesReason() {
        #expect(NewsMessages.text(.malformed("no status \"ok\" with articles")).contains("no status \"ok\" with articles"))
    }
}
