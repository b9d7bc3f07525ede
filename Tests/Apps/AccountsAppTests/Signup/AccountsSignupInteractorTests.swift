import AppTestSupport
import Testing
import ViperCore

@testable import AccountsApp

/// A sign-up Interactor on `dataManager` with the three fields typed; by default they break no rule.
private func filled(
    username: String = "ada", displayName: String = "Ada Lovelace", password: String = "correct horse battery",
    dataManager: StubDataManager = StubDataManager()
) async -> AccountsSignupInteractor {
    let interactor = AccountsSignupInteractor(dataManager: dataManager)
    _ = await interactor.changeUsername(to: username)
    _ = await interactor.changeDisplayName(to: displayName)
    _ = await interactor.changePassword(to: Password(password))
    return interactor
}

@Suite("The sign-up Interactor: the fields, the rules they break as typed, and the attempt")
struct AccountsSignupInteractorTests {
    @Test("A new form breaks every rule, listed in the order of the fields, and cannot sign up")
    func newForm() async {
        let form = await AccountsSignupInteractor(dataManager: StubDataManager()).form()
        #expect(form == SignupForm(username: "", displayName: "", problems: [.username, .displayName, .password], isWorking: false, failure: nil))
        #expect(form.canSignUp == false)
    }

    @Test("When every rule holds the list is empty and Sign Up is enabled")
    func allRulesHold() async {
        let form = await filled().form()
        #expect(form == SignupForm(username: "ada", displayName: "Ada Lovelace", problems: [], isWorking: false))
        #expect(form.canSignUp)
    }

    @Test("Each rule is listed as it is typed, in field order")
    func eachRule() async {
        #expect(await filled(username: "a!").form().problems == [.username])
        #expect(await filled(displayName: "").form().problems == [.displayName])
        #expect(await filled(password: "123456789").form().problems == [.password])
        #expect(await filled(username: "", password: "short").form().problems == [.username, .password])
        #expect(await filled(username: "a b", displayName: " \n", password: "").form().problems == [.username, .displayName, .password])
    }

    @Test("The problems follow each edit")
    func problemsFollowEdits() async {
        let interactor = AccountsSignupInteractor(dataManager: StubDataManager())
        #expect(await interactor.changeUsername(to: "ada").problems == [.displayName, .password])
        #expect(await interactor.changeDisplayName(to: "Ada").problems == [.password])
        #expect(await interactor.changePassword(to: Password("correct horse battery")).problems == [])
        #expect(await interactor.changeUsername(to: "a").problems == [.username])
    }

    @Test("The username is kept lowercased, and uppercase letters do not break the rule")
    func usernameLowercased() async {
        let interactor = await filled()
        let form = await interactor.changeUsername(to: "Ada_Lovelace")
        #expect(form.username == "ada_lovelace")
        #expect(form.problems == [])
    }

    @Test(
        "A username is 3 to 32 characters: 2 and 33 are refused, 3 and 32 accepted",
        arguments: [(2, false), (3, true), (32, true), (33, false)])
    func usernameLength(length: Int, accepted: Bool) async {
        let form = await filled(username: String(repeating: "a", count: length)).form()
        let expected: [SignUpRules.Problem] = accepted ? [] : [.username]
        #expect(form.problems == expected)
        #expect(form.canSignUp == accepted)
    }

    @Test("A username of a-z, 0-9, '.', '_' and '-' is accepted")
    func usernameCharactersAccepted() async {
        #expect(await filled(username: "a.b_c-9").form().problems == [])
    }

    @Test("A space or a '!' in the username is refused", arguments: ["ada lovelace", "ada!", " ada", "ada "])
    func usernameCharactersRefused(username: String) async {
        #expect(await filled(username: username).form().problems == [.username])
    }

    @Test("A blank display name is refused", arguments: ["", "   ", "\n\t"])
    func blankDisplayName(displayName: String) async {
        #expect(await filled(displayName: displayName).form().problems == [.displayName])
    }

    @Test("A password needs 10 characters: 9 are refused, 10 accepted")
    func passwordLength() async {
        #expect(await filled(password: "123456789").form().problems == [.password])
        #expect(await filled(password: "1234567890").form().problems == [])
    }

    @Test("While an attempt runs, Sign Up is disabled and a second attempt does not begin")
    func disabledWhileWorking() async {
        let interactor = await filled()
        let working = await interactor.beginSignUp()
        #expect(working == SignupForm(username: "ada", displayName: "Ada Lovelace", problems: [], isWorking: true))
        #expect(working?.canSignUp == false)
        #expect(await interactor.beginSignUp() == nil)
    }

    @Test("With a rule broken, beginSignUp gives nil and nothing is asked of the data manager")
    func beginWhenBroken() async {
        let dataManager = StubDataManager()
        let interactor = await filled(password: "short", dataManager: dataManager)
        #expect(await interactor.beginSignUp() == nil)
        #expect(await interactor.form().isWorking == false)
        #expect(dataManager.calls.isEmpty)
    }

    @Test("Signing up sends the lowercased username, the trimmed display name and the password as typed")
    func sendsFields() async {
        let dataManager = StubDataManager()
        dataManager.willSignUp(.success(sampleUser()))
        let interactor = await filled(username: "Ada", displayName: "  Ada Lovelace \n", password: " correct horse ", dataManager: dataManager)
        _ = await interactor.beginSignUp()
        #expect(await interactor.completeSignUp() == .success(sampleUser()))
        #expect(dataManager.calls == ["signUp: ada / Ada Lovelace"])
        #expect(dataManager.receivedPasswords == [" correct horse "])
        #expect(await interactor.form().isWorking == false)
    }

    @Test("A taken username is kept as the form's failure, with every field as typed")
    func failureKept() async {
        let dataManager = StubDataManager()
        dataManager.willSignUp(.failure(.usernameTaken))
        let interactor = await filled(dataManager: dataManager)
        _ = await interactor.beginSignUp()
        #expect(await interactor.completeSignUp() == .failure(.usernameTaken))
        let form = await interactor.form()
        #expect(form == SignupForm(username: "ada", displayName: "Ada Lovelace", problems: [], isWorking: false, failure: .usernameTaken))
        #expect(form.canSignUp)
    }

    @Test("A cancelled attempt leaves no failure to show")
    func cancelledGivesNoFailure() async {
        let dataManager = StubDataManager()
        dataManager.willSignUp(.failure(.cancelled))
        let interactor = await filled(dataManager: dataManager)
        _ = await interactor.beginSignUp()
        #expect(await interactor.completeSignUp() == .failure(.cancelled))
        #expect(await interactor.form().failure == nil)
    }
}
