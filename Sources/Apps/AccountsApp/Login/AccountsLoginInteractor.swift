import ViperCore

/// Holds what was typed and logs in through the data manager. The password stays here, in a
/// `Password`, until it is sent; it is never in the form the Presenter sees.
actor AccountsLoginInteractor: AccountsLoginInteracting {
    private let dataManager: any AccountsDataManaging
    private var username = ""
    private var password = Password("")
    private var isWorking = false
    private var failure: AccountsFailure?

    init(dataManager: any AccountsDataManaging) {
        self.dataManager = dataManager
    }

    func form() -> LoginForm {
        LoginForm(username: username, hasPassword: !password.isEmpty, isWorking: isWorking, failure: failure)
    }

    func changeUsername(to username: String) -> LoginForm {
        self.username = username
        return form()
    }

    func changePassword(to password: Password) -> LoginForm {
        self.password = password
        return form()
    }

    func beginLogIn() -> LoginForm? {
        guard form().canLogIn else { return nil }
        isWorking = true
        failure = nil
        return form()
    }

    func completeLogIn() async -> Result<User, AccountsFailure> {
        defer { isWorking = false }
        do {
            return .success(try await dataManager.logIn(username: String(username.trimmingWhitespace).lowercased(), password: password))
        } catch {
            failure = error == .cancelled ? nil : error
            return .failure(error)
        }
    }
}
