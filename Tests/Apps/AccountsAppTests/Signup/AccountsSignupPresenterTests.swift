import CustomDump
import Foundation
import AppTestSupport
import Testing
import ViperCore

@testable import AccountsApp

private let usernameRule = "A username is 3 to 32 characters of a-z, 0-9, '.', '_' and '-'"
private let displayNameRule = "Enter a display name"
private let passwordRule = "A password is at least 10 characters"

/// The sign-up module as a unit: the real Presenter and Interactor, with the data manager, the
/// Router and the View recorded in one log.
private struct Fixture {
    let log = EventLog()
    let dataManager: StubDataManager
    let view: RecordingView<AccountsSignupScene.ViewModel>
    let presenter: AccountsSignupPresenter

    init() {
        dataManager = StubDataManager(log: log)
        view = RecordingView(log: log)
        presenter = AccountsSignupPresenter(interactor: AccountsSignupInteractor(dataManager: dataManager), router: RecordingSignupRouter(log: log), view: view)
    }

    /// Enters the three fields, then forgets what that rendered, so a test sees only what follows.
    func enter(username: String = "Ada", displayName: String = "Ada Lovelace", password: String = "correct horse battery") async {
        await presenter.handle(.usernameChanged(username: username))
        await presenter.handle(.displayNameChanged(displayName: displayName))
        await presenter.handle(.passwordChanged(password: Password(password)))
        view.clear()
        log.clear()
    }
}

/// The sign-up form's view model; idle, without a failure, and enabled when no rule is broken.
private func form(
    _ username: String = "", _ displayName: String = "", problems: [String] = [], working: Bool = false, error: String? = nil
) -> AccountsSignupScene.ViewModel {
    AccountsSignupScene.ViewModel(
        username: username, displayName: displayName, signUpEnabled: problems.isEmpty && !working, isWorking: working, errorMessage: error,
        problems: problems)
}

@Suite("The sign-up Presenter: the fields, the rules they break in words, then the home or why not")
struct AccountsSignupPresenterTests {
    @Test("The form first appears empty, listing every rule in field order, with Sign Up disabled")
    func firstRender() async {
        let fixture = Fixture()
        await fixture.presenter.sceneDidAppear()
        #expect(fixture.view.renders == [form(problems: [usernameRule, displayNameRule, passwordRule])])
        #expect(fixture.view.renders.first?.signUpEnabled == false)
    }

    @Test("Each edit shows the form again, with the username lowercased and the rules still broken")
    func typingRenders() async {
        let fixture = Fixture()
        await fixture.presenter.handle(.usernameChanged(username: "Ada"))
        await fixture.presenter.handle(.displayNameChanged(displayName: "Ada Lovelace"))
        await fixture.presenter.handle(.passwordChanged(password: Password("correct horse battery")))
        await fixture.presenter.handle(.usernameChanged(username: "Ada!"))
        expectNoDifference(fixture.view.renders, [
            form("ada", problems: [displayNameRule, passwordRule]),
            form("ada", "Ada Lovelace", problems: [passwordRule]),
            form("ada", "Ada Lovelace"),
            form("ada!", "Ada Lovelace", problems: [usernameRule]),
        ])
        #expect(fixture.view.renders.map(\.signUpEnabled) == [false, false, true, false])
        #expect(fixture.dataManager.calls.isEmpty)
    }

    @Test("The password typed is in no view model")
    func passwordNeverRendered() async {
        let fixture = Fixture()
        await fixture.presenter.handle(.passwordChanged(password: Password("planted-Pa55word!")))
        #expect(!String(describing: fixture.view.renders).contains("planted-Pa55word!"))
    }

    @Test("Sign Up shows the form working, then asks the Router for the home and shows nothing more")
    func successShowsHome() async {
        let fixture = Fixture()
        await fixture.enter()
        fixture.dataManager.willSignUp(.success(sampleUser()))
        await fixture.presenter.handle(.signUpTapped)
        #expect(fixture.view.renders == [form("ada", "Ada Lovelace", working: true)])
        #expect(fixture.view.renders.first?.signUpEnabled == false)
        #expect(fixture.log.all == ["render", "signUp: ada / Ada Lovelace", "showHome"])
        #expect(fixture.dataManager.receivedPasswords == ["correct horse battery"])
    }

    @Test("A taken username says to choose another, keeping every field and enabling Sign Up again")
    func usernameTaken() async {
        let fixture = Fixture()
        await fixture.enter()
        fixture.dataManager.willSignUp(.failure(.usernameTaken))
        await fixture.presenter.handle(.signUpTapped)
        #expect(fixture.view.renders == [
            form("ada", "Ada Lovelace", working: true),
            form("ada", "Ada Lovelace", error: "That username is taken; choose another."),
        ])
        #expect(fixture.log.all == ["render", "signUp: ada / Ada Lovelace", "render"])
    }

    @Test("A field the server refuses is shown in the server's words")
    func rejected() async {
        let fixture = Fixture()
        await fixture.enter()
        fixture.dataManager.willSignUp(.failure(.rejected(message: "A display name is required.")))
        await fixture.presenter.handle(.signUpTapped)
        #expect(fixture.view.renders.last?.errorMessage == "The server refused the form: A display name is required.")
    }

    @Test("Cancel asks the Router to close the form")
    func cancelCloses() async {
        let fixture = Fixture()
        await fixture.presenter.handle(.cancelTapped)
        #expect(fixture.log.all == ["close"])
        #expect(fixture.view.renders.isEmpty)
    }

    @Test("Sign Up with a rule broken shows nothing and asks nothing")
    func disabledSignUp() async {
        let fixture = Fixture()
        await fixture.enter(password: "too short")
        await fixture.presenter.handle(.signUpTapped)
        #expect(fixture.view.renders.isEmpty)
        #expect(fixture.log.all.isEmpty)
        #expect(fixture.dataManager.receivedPasswords.isEmpty)
    }

    @Test("Each broken rule is worded for the user")
    func ruleTexts() {
        #expect(SignUpRules.Problem.allCases.map(AccountsSignupPresenter.text) == [usernameRule, displayNameRule, passwordRule])
    }
}
