import AppTestSupport
import Testing
import ViperCore

@testable import AccountsApp

/// A log-in Interactor on `dataManager` with `username` and `password` typed.
private func typed(_ username: String, _ password: String, dataManager: StubDataManager = StubDataManager()) async -> AccountsLoginInteractor {
    let interactor = AccountsLoginInteractor(dataManager: dataManager)
    _ = await interactor.changeUsername(to: username)
    _ = await interactor.changePassword(to: Password(password))
    return interactor
}

@Suite("The log-in Interactor: what was typed, when Log In may try, and what the attempt gave")
struct AccountsLoginInteractorTests {
    @Test("A new form is empty, with Log In disabled")
    func newForm() async {
        let form = await AccountsLoginInteractor(dataManager: StubDataManager()).form()
        #expect(form == LoginForm(username: "", hasPassword: false, isWorking: false, failure: nil))
        #expect(form.canLogIn == false)
    }

    @Test("The form keeps the username as typed and says only whether a password was typed")
    func formHasNoPassword() async {
        let interactor = AccountsLoginInteractor(dataManager: StubDataManager())
        #expect(await interactor.changeUsername(to: " Ada ") == LoginForm(username: " Ada ", hasPassword: false, isWorking: false))
        #expect(await interactor.changePassword(to: Password("secret")) == LoginForm(username: " Ada ", hasPassword: true, isWorking: false))
    }

    @Test(
        "Log In needs a username that is not blank once trimmed",
        arguments: [("ada", true), ("  ada \n", true), ("", false), ("   ", false), ("\n\t ", false)])
    func usernameRule(username: String, enabled: Bool) async {
        let interactor = await typed(username, "secret")
        #expect(await interactor.form().canLogIn == enabled)
    }

    @Test("Log In needs a password")
    func passwordRule() async {
        let interactor = await typed("ada", "")
        #expect(await interactor.form().canLogIn == false)
        #expect(await interactor.changePassword(to: Password("s")).canLogIn)
        #expect(await interactor.changePassword(to: Password("")).canLogIn == false)
    }

    @Test("While an attempt runs, Log In is disabled and a second attempt does not begin")
    func disabledWhileWorking() async {
        let interactor = await typed("ada", "secret")
        let working = await interactor.beginLogIn()
        #expect(working == LoginForm(username: "ada", hasPassword: true, isWorking: true, failure: nil))
        #expect(working?.canLogIn == false)
        #expect(await interactor.beginLogIn() == nil)
    }

    @Test("With Log In disabled, beginLogIn gives nil and nothing is asked of the data manager")
    func beginWhenDisabled() async {
        let dataManager = StubDataManager()
        let blankUsername = await typed("  ", "secret", dataManager: dataManager)
        #expect(await blankUsername.beginLogIn() == nil)
        #expect(await blankUsername.form().isWorking == false)
        let noPassword = await typed("ada", "", dataManager: dataManager)
        #expect(await noPassword.beginLogIn() == nil)
        #expect(dataManager.calls.isEmpty)
        #expect(dataManager.receivedPasswords.isEmpty)
    }

    @Test("The username is sent trimmed and lowercased, the password exactly as typed")
    func sendsNormalizedUsername() async {
        let dataManager = StubDataManager()
        dataManager.willLogIn(.success(sampleUser()))
        let interactor = await typed("  Ada.Lovelace \n", " Pa55 word ", dataManager: dataManager)
        _ = await interactor.beginLogIn()
        #expect(await interactor.completeLogIn() == .success(sampleUser()))
        #expect(dataManager.calls == ["logIn: ada.lovelace"])
        #expect(dataManager.receivedPasswords == [" Pa55 word "])
    }

    @Test("After a successful attempt the form is no longer working and has no failure")
    func successEndsWork() async {
        let dataManager = StubDataManager()
        dataManager.willLogIn(.success(sampleUser()))
        let interactor = await typed("Ada", "secret", dataManager: dataManager)
        _ = await interactor.beginLogIn()
        _ = await interactor.completeLogIn()
        #expect(await interactor.form() == LoginForm(username: "Ada", hasPassword: true, isWorking: false, failure: nil))
    }

    @Test(
        "A failure is kept in the form with what was typed, and Log In is enabled again",
        arguments: [
            AccountsFailure.invalidCredentials, .lockedOut(retryAfter: 900), .unreachable(reason: "connection refused"),
            .serverError(reason: "the server answered 500"), .storage(reason: "disk full"),
        ])
    func failureKept(failure: AccountsFailure) async {
        let dataManager = StubDataManager()
        dataManager.willLogIn(.failure(failure))
        let interactor = await typed("Ada", "secret", dataManager: dataManager)
        _ = await interactor.beginLogIn()
        #expect(await interactor.completeLogIn() == .failure(failure))
        let form = await interactor.form()
        #expect(form == LoginForm(username: "Ada", hasPassword: true, isWorking: false, failure: failure))
        #expect(form.canLogIn)
    }

    @Test("A cancelled attempt leaves no failure to show")
    func cancelledGivesNoFailure() async {
        let dataManager = StubDataManager()
        dataManager.willLogIn(.failure(.cancelled))
        let interactor = await typed("Ada", "secret", dataManager: dataManager)
        _ = await interactor.beginLogIn()
        #expect(await interactor.completeLogIn() == .failure(.cancelled))
        #expect(await interactor.form() == LoginForm(username: "Ada", hasPassword: true, isWorking: false, failure: nil))
    }

    @Test("A new attempt forgets the last failure")
    func newAttemptClearsFailure() async {
        let dataManager = StubDataManager()
        dataManager.willLogIn(.failure(.invalidCredentials))
        let interactor = await typed("Ada", "secret", dataManager: dataManager)
        _ = await interactor.beginLogIn()
        _ = await interactor.completeLogIn()
        #expect(await interactor.beginLogIn() == LoginForm(username: "Ada", hasPassword: true, isWorking: true, failure: nil))
    }
}
