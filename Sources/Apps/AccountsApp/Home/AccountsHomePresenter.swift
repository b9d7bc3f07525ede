import ViperCore

/// Shows the cached user at once, then the server's; offline, the cached one marked so; when
/// the server no longer knows the token, the prompt.
struct AccountsHomePresenter: EventHandler {
    typealias Scene = AccountsHomeScene

    let interactor: any AccountsHomeInteracting
    let router: any AccountsHomeRouting
    let view: any SceneView<AccountsHomeScene.ViewModel>
    let calendar: DayCalendar

    func sceneDidAppear() async {
        guard let cached = await interactor.cachedUser() else {
            await router.showPrompt()
            return
        }
        await show(cached, isOffline: false)
        switch await interactor.refresh() {
        case .current(let user) where user == cached: break
        case .current(let user): await show(user, isOffline: false)
        case .offline(let user): await show(user, isOffline: true)
        case .signedOut: await router.showPrompt()
        }
    }

    func handle(_ event: AccountsHomeScene.Event) async {
        switch event {
        case .logOutTapped:
            await interactor.logOut()
            await router.showPrompt()
        }
    }

    private func show(_ user: User, isOffline: Bool) async {
        await view.render(.init(
            username: user.username, displayName: user.displayName, memberSince: calendar.day(of: user.createdAt), isOffline: isOffline))
    }
}
