import AppTestSupport
import Testing
import ViperCore

@testable import AccountsApp

private struct Fixture {
    let log = EventLog()
    let view: RecordingView<AccountsPromptScene.ViewModel>
    let presenter: AccountsPromptPresenter

    init() {
        view = RecordingView(log: log)
        presenter = AccountsPromptPresenter(router: RecordingPromptRouter(log: log), view: view)
    }
}

@Suite("The prompt Presenter: a title, and two buttons for the Router")
struct AccountsPromptPresenterTests {
    @Test("The prompt shows its title")
    func title() async {
        let fixture = Fixture()
        await fixture.presenter.sceneDidAppear()
        #expect(fixture.view.renders == [AccountsPromptScene.ViewModel(title: "Log in or sign up to continue")])
        #expect(fixture.log.all == ["render"])
    }

    @Test("Log In asks the Router for the log-in form")
    func logIn() async {
        let fixture = Fixture()
        await fixture.presenter.handle(.logInTapped)
        #expect(fixture.log.all == ["presentLogIn"])
        #expect(fixture.view.renders.isEmpty)
    }

    @Test("Sign Up asks the Router for the sign-up form")
    func signUp() async {
        let fixture = Fixture()
        await fixture.presenter.handle(.signUpTapped)
        #expect(fixture.log.all == ["presentSignUp"])
        #expect(fixture.view.renders.isEmpty)
    }
}
