import Foundation
import AppTestSupport
import Testing
import ViperCore
import ViperStore

@testable import AccountsApp

/// The log-in module as a unit: the real Presenter and Interactor, with the data manager, the
/// Router and the View recorded in one log.
private struct Fixture {
    let log = EventLog()
    let dataManager: StubDataManager
    let view: RecordingView<AccountsLoginScene.ViewModel>
    let presenter: AccountsLoginPresenter

    init() {
        dataManager = StubDataManager(log: log)
        view = RecordingView(log: log)
        presenter = AccountsLoginPresenter(interactor: AccountsLoginInteractor(dataManager: dataManager), router: RecordingLoginRouter(log: log), view: view)
    }

    /// Enters `username` and `password`, then forgets what that rendered, so a test sees only what follows.
    func enter(username: String, password: String) async {
        await presenter.handle(.usernameChanged(username: username))
        await presenter.handle(.passwordChanged(password: Password(password)))
        view.clear()
        log.clear()
    }

    /// Types "Ada" and a password, taps Log In with the data manager answering `result`, and
    /// returns what the form showed after the "working" render.
    func logIn(answering result: Result<User, AccountsFailure>) async -> [AccountsLoginScene.ViewModel] {
        await enter(username: "Ada", password: "secret")
        dataManager.willLogIn(result)
        await presenter.handle(.logInTapped)
        return Array(view.renders.dropFirst())
    }
}

/// The log-in form's view model; blank, disabled and idle unless told otherwise.
private func form(_ username: String = "", enabled: Bool = false, working: Bool = false, error: String? = nil) -> AccountsLoginScene.ViewModel {
    AccountsLoginScene.ViewModel(username: username, logInEnabled: enabled, isWorking: working, errorMessage: error)
}

@Suite("The log-in Presenter: the form as typed, working while the attempt runs, then the home or why not")
struct AccountsLoginPresenterTests {
    @Test("The form first appears empty, with Log In disabled")
    func firstRender() async {
        let fixture = Fixture()
        await fixture.presenter.sceneDidAppear()
        #expect(fixture.view.renders == [form()])
        #expect(fixture.log.all == ["render"])
    }

    @Test("Each edit shows the form again; Log In is enabled once a username and a password are typed")
    func typingRenders() async {
        let fixture = Fixture()
        await fixture.presenter.handle(.usernameChanged(username: "Ada"))
        await fixture.presenter.handle(.passwordChanged(password: Password("secret")))
        await fixture.presenter.handle(.usernameChanged(username: "   "))
        #expect(fixture.view.renders == [form("Ada"), form("Ada", enabled: true), form("   ")])
        #expect(fixture.dataManager.calls.isEmpty)
    }

    @Test("The password typed is in no view model")
    func passwordNeverRendered() async {
        let fixture = Fixture()
        await fixture.presenter.handle(.usernameChanged(username: "ada"))
        await fixture.presenter.handle(.passwordChanged(password: Password("planted-Pa55word!")))
        let rendered = String(describing: fixture.view.renders)
        #expect(!rendered.contains("planted-Pa55word!"))
    }

    @Test("Log In shows the form working, then asks the Router for the home and shows nothing more")
    func successShowsHome() async {
        let fixture = Fixture()
        await fixture.enter(username: "  Ada ", password: "secret")
        fixture.dataManager.willLogIn(.success(sampleUser()))
        await fixture.presenter.handle(.logInTapped)
        #expect(fixture.view.renders == [form("  Ada ", working: true)])
        #expect(fixture.log.all == ["render", "logIn: ada", "showHome"])
        #expect(fixture.dataManager.receivedPasswords == ["secret"])
    }

    @Test("Wrong credentials say so, keeping the username and enabling Log In again")
    func invalidCredentials() async {
        let fixture = Fixture()
        let after = await fixture.logIn(answering: .failure(.invalidCredentials))
        #expect(fixture.view.renders.first == form("Ada", working: true))
        #expect(after == [form("Ada", enabled: true, error: "The username or the password is wrong.")])
        #expect(fixture.log.all == ["render", "logIn: ada", "render"])
    }

    @Test(
        "An unknown username and a wrong password read the same, whatever the server's own words",
        arguments: [
            #"{"error":"invalidCredentials","message":"There is no user nobody."}"#,
            #"{"error":"invalidCredentials","message":"The password of ada is wrong."}"#,
        ])
    func unknownUserAndWrongPasswordReadTheSame(body: String) async throws {
        let http = StubHTTPClient()
        http.willRespond(401, json: body)
        let dataManager = AccountsDataManager(cache: SignedInUserCache(store: Store(try accountsDatabase())), service: httpUserService(http))
        let view = RecordingView<AccountsLoginScene.ViewModel>()
        let log = EventLog()
        let presenter = AccountsLoginPresenter(interactor: AccountsLoginInteractor(dataManager: dataManager), router: RecordingLoginRouter(log: log), view: view)
        await presenter.handle(.usernameChanged(username: "ada"))
        await presenter.handle(.passwordChanged(password: Password("secret")))
        await presenter.handle(.logInTapped)
        #expect(view.renders.last == form("ada", enabled: true, error: "The username or the password is wrong."))
        #expect(log.all.isEmpty)
    }

    @Test("A lockout says when to try again")
    func lockout() async {
        let fixture = Fixture()
        let after = await fixture.logIn(answering: .failure(.lockedOut(retryAfter: 900)))
        #expect(after == [form("Ada", enabled: true, error: "Too many failed attempts. Try again in 15 minutes.")])
        #expect(after.first?.errorMessage?.contains("Try again in 15 minutes.") == true)
    }

    @Test("An unreachable server is said so, and that nothing was changed")
    func unreachable() async throws {
        let fixture = Fixture()
        let after = await fixture.logIn(answering: .failure(.unreachable(reason: "connection refused")))
        let message = try #require(after.first?.errorMessage)
        #expect(message.contains("could not be reached"))
        #expect(message.contains("nothing was changed"))
        #expect(after.first?.username == "Ada")
        #expect(after.first?.logInEnabled == true)
    }

    @Test("A cancelled attempt shows the form again without a message")
    func cancelled() async {
        let fixture = Fixture()
        let after = await fixture.logIn(answering: .failure(.cancelled))
        #expect(after == [form("Ada", enabled: true)])
    }

    @Test("Cancel asks the Router to close the form")
    func cancelCloses() async {
        let fixture = Fixture()
        await fixture.presenter.handle(.cancelTapped)
        #expect(fixture.log.all == ["close"])
        #expect(fixture.view.renders.isEmpty)
    }

    @Test("Log In while disabled shows nothing and asks nothing", arguments: [("", ""), ("ada", ""), ("  ", "secret")])
    func disabledLogIn(username: String, password: String) async {
        let fixture = Fixture()
        await fixture.enter(username: username, password: password)
        await fixture.presenter.handle(.logInTapped)
        #expect(fixture.view.renders.isEmpty)
        #expect(fixture.log.all.isEmpty)
        #expect(fixture.dataManager.receivedPasswords.isEmpty)
    }
}
