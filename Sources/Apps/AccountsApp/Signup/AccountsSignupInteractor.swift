import ViperCore

/// Holds the new account's fields, checks the rules as they change, and signs up through the
/// data manager, which also signs the new user in.
actor AccountsSignupInteractor: AccountsSignupInteracting {
    private let dataManager: any AccountsDataManaging
    private var username = ""
    private var displayName = ""
    private var password = Password("")
    private var isWorking = false
    private var failure: AccountsFailure?

    init(dataManager: any AccountsDataManaging) {
        self.dataManager = dataManager
    }

    func form() -> SignupForm {
        SignupForm(
            username: username, displayName: displayName,
            problems: SignUpRules.problems(username: username, displayName: displayName, passwordLength: password.count),
            isWorking: isWorking, failure: failure)
    }

    func changeUsername(to username: String) -> SignupForm {
        self.username = username.lowercased()
        return form()
    }

    func changeDisplayName(to displayName: String) -> SignupForm {
        self.displayName = displayName
        return form()
    }

    func changePassword(to password: Password) -> SignupForm {
        self.password = password
        return form()
    }

    func beginSignUp() -> SignupForm? {
        guard form().canSignUp else { return nil }
        isWorking = true
        failure = nil
        return form()
    }

    func completeSignUp() async -> Result<User, AccountsFailure> {
        defer { isWorking = false }
        do {
            return .success(try await dataManager.signUp(
                username: username, displayName: String(displayName.trimmingWhitespace), password: password))
        } catch {
            failure = error == .cancelled ? nil : error
            return .failure(error)
        }
    }
}
