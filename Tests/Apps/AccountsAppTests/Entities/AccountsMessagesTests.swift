import AppTestSupport
import Testing

@testable import AccountsApp

@Suite("The accounts messages: what the forms say about a failure")
struct AccountsMessagesTests {
    @Test(
        "Durations read in whole seconds under a minute, whole minutes rounded up from a minute on",
        arguments: [(1, "1 second"), (40, "40 seconds"), (59, "59 seconds"), (60, "1 minute"), (61, "2 minutes"), (900, "15 minutes")])
    func durations(seconds: Int, text: String) {
        #expect(AccountsMessages.duration(seconds) == text)
    }

    @Test("A lockout says when to try again")
    func lockout() {
        #expect(AccountsMessages.text(.lockedOut(retryAfter: 900)) == "Too many failed attempts. Try again in 15 minutes.")
        #expect(AccountsMessages.text(.lockedOut(retryAfter: 1)) == "Too many failed attempts. Try again in 1 second.")
    }

    @Test("Wrong credentials do not say whether the username or the password was wrong")
    func invalidCredentials() {
        #expect(AccountsMessages.text(.invalidCredentials) == "The username or the password is wrong.")
    }

    @Test("An unreachable server is said so, with the reason, and that nothing was changed")
    func unreachable() {
        #expect(
            AccountsMessages.text(.unreachable(reason: "connection refused"))
                == "The server could not be reached (connection refused), so nothing was changed. Try again when you are online.")
    }
}
