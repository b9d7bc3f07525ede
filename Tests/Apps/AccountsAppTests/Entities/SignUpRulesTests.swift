import AppTestSupport
import Testing
import ViperCore

@testable import AccountsApp

@Suite("The sign-up rules: a username of 3 to 32 of a-z, 0-9, '.', '_' and '-', a display name, a 10-character password")
struct SignUpRulesTests {
    @Test("When every rule holds there is no problem")
    func allHold() {
        #expect(SignUpRules.problems(username: "ada", displayName: "Ada Lovelace", passwordLength: 10) == [])
    }

    @Test("Every broken rule is listed, in the order of the form's fields")
    func fieldOrder() {
        #expect(SignUpRules.problems(username: "", displayName: "", passwordLength: 0) == [.username, .displayName, .password])
        #expect(SignUpRules.problems(username: "a", displayName: "Ada", passwordLength: 0) == [.username, .password])
        #expect(SignUpRules.problems(username: "ada", displayName: " ", passwordLength: 3) == [.displayName, .password])
    }

    @Test("A username is 3 to 32 characters: 2 and 33 are refused, 3 and 32 accepted", arguments: [(2, false), (3, true), (32, true), (33, false)])
    func usernameLength(length: Int, accepted: Bool) {
        let problems = SignUpRules.problems(username: String(repeating: "a", count: length), displayName: "Ada", passwordLength: 10)
        #expect(problems.isEmpty == accepted)
    }

    @Test("A username of a-z, 0-9, '.', '_' and '-' is accepted", arguments: ["a.b_c-9", "ada", "007", "..."])
    func usernameCharactersAccepted(username: String) {
        #expect(SignUpRules.problems(username: username, displayName: "Ada", passwordLength: 10) == [])
    }

    @Test("Any other character in a username is refused, uppercase included", arguments: ["ada lovelace", "ada!", "Ada", "ada/x", "adé", "ada@home"])
    func usernameCharactersRefused(username: String) {
        #expect(SignUpRules.problems(username: username, displayName: "Ada", passwordLength: 10) == [.username])
    }

    @Test("A display name that is blank once trimmed is refused", arguments: ["", " ", "\n\t "])
    func blankDisplayName(displayName: String) {
        #expect(SignUpRules.problems(username: "ada", displayName: displayName, passwordLength: 10) == [.displayName])
    }

    @Test("A password needs 10 characters: 9 are refused, 10 accepted")
    func passwordLength() {
        #expect(SignUpRules.problems(username: "ada", displayName: "Ada", passwordLength: 9) == [.password])
        #expect(SignUpRules.problems(username: "ada", displayName: "Ada", passwordLength: 10) == [])
    }

    @Test("Trimming (the core's, which the rules use) drops spaces and line breaks at either end only")
    func trimming() {
        #expect("  Ada  Lovelace \n".trimmingWhitespace == "Ada  Lovelace")
        #expect(" \n\t ".trimmingWhitespace.isEmpty)
        #expect("Ada".trimmingWhitespace == "Ada")
    }
}
