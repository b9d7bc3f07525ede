public import ServiceKit
public import ViperCore
public import ViperStore

/// The Accounts app: a registration prompt, log-in and sign-up forms, and a home
/// for the signed-in user, whose data manager caches the user in SQLite and asks a user
/// Service that knows the server's URLs.
public struct AccountsApp: ViperApp {
    public static let name = "accounts"
    /// The app's name as a person reads it.
    public static let title = "Accounts"
    /// What the app does, in a sentence.
    public static let summary: String? = "Sign up, log in, and see your account, with a user service over HTTP."
    public static let faultOperations = [HTTPUserService.logInOperation, HTTPUserService.signUpOperation, HTTPUserService.fetchUserOperation]
    public static let scenes: [any SceneContract.Type] = [
        AccountsPromptScene.self, AccountsLoginScene.self, AccountsSignupScene.self, AccountsHomeScene.self,
    ]
    /// The steps that make the app's table in the workspace's database.
    public static let migrations = SignedInUserCache.migrations

    private let dataManager: any AccountsDataManaging

    /// The app on `store`, whose database must have run `migrations`, reaching the users API at
    /// `api` through `client`.
    public init(store: Store, api: ServiceEndpoint, client: ServiceClient) {
        dataManager = AccountsDataManager(cache: SignedInUserCache(store: store), service: HTTPUserService(endpoint: api, client: client))
    }

    init(dataManager: any AccountsDataManaging) {
        self.dataManager = dataManager
    }

    public var rootModule: AccountsPromptBuilder { AccountsPromptBuilder(dataManager: dataManager) }

    /// Signed in (the cache has a user): the home; otherwise the prompt.
    public func start(with launcher: AppLauncher) async {
        if await dataManager.cachedUser() != nil {
            await launcher.show(AccountsHomeBuilder(dataManager: dataManager))
        } else {
            await launcher.show(rootModule)
        }
    }
}
