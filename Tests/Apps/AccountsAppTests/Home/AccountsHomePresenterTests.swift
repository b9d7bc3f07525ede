import AppTestSupport
import Testing
import ViperCore

@testable import AccountsApp

/// The home module as a unit: the real Presenter and Interactor, with the data manager, the
/// Router and the View recorded in one log.
private struct Fixture {
    let log = EventLog()
    let dataManager: StubDataManager
    let view: RecordingView<AccountsHomeScene.ViewModel>
    let presenter: AccountsHomePresenter

    /// A home whose data manager has `cached` signed in (nobody when nil).
    init(cached: User? = sampleUser(), calendar: DayCalendar = testCalendar()) {
        dataManager = StubDataManager(cached: cached.map { SignedInUser(user: $0, token: "token-1") }, log: log)
        view = RecordingView(log: log)
        presenter = AccountsHomePresenter(
            interactor: AccountsHomeInteractor(dataManager: dataManager), router: RecordingHomeRouter(log: log), view: view, calendar: calendar)
    }
}

/// The home's view model for `user`, a member since `memberSince`.
private func home(_ user: User, memberSince: String = "2026-03-01", offline: Bool = false) -> AccountsHomeScene.ViewModel {
    AccountsHomeScene.ViewModel(username: user.username, displayName: user.displayName, memberSince: day(memberSince), isOffline: offline)
}

@Suite("The home Presenter: the cached user at once, then the server's; offline, signed out, logging out")
struct AccountsHomePresenterTests {
    @Test("The cached user is shown before the server is asked")
    func cachedUserFirst() async {
        let fixture = Fixture()
        fixture.dataManager.willRefresh(.current(sampleUser()))
        await fixture.presenter.sceneDidAppear()
        #expect(fixture.log.all == ["cachedUser", "render", "refreshUser"])
        #expect(fixture.view.renders == [home(sampleUser())])
    }

    @Test(
        "Member since is the day the account was made in the calendar's time zone",
        arguments: [("UTC", "2026-03-01"), ("America/New_York", "2026-02-28"), ("Asia/Tokyo", "2026-03-01")])
    func memberSinceInTimeZone(timeZone: String, memberSince: String) async {
        // Made at 02:30 UTC on 1 March: 21:30 on 28 February in New York.
        let fixture = Fixture(cached: sampleUser(createdAt: "2026-03-01T02:30:00Z"), calendar: testCalendar(timeZone: timeZone))
        fixture.dataManager.willRefresh(.current(sampleUser(createdAt: "2026-03-01T02:30:00Z")))
        await fixture.presenter.sceneDidAppear()
        #expect(fixture.view.renders.map(\.memberSince) == [day(memberSince)])
    }

    @Test("A user the server has changed is shown again")
    func changedUserRenderedAgain() async {
        let fixture = Fixture()
        let renamed = sampleUser(displayName: "Augusta Ada King")
        fixture.dataManager.willRefresh(.current(renamed))
        await fixture.presenter.sceneDidAppear()
        #expect(fixture.view.renders == [home(sampleUser()), home(renamed)])
    }

    @Test("The same user from the server is not shown twice")
    func sameUserNotRenderedTwice() async {
        let fixture = Fixture()
        fixture.dataManager.willRefresh(.current(sampleUser()))
        await fixture.presenter.sceneDidAppear()
        #expect(fixture.view.renders.count == 1)
    }

    @Test("Offline, the cached user is shown again marked offline")
    func offline() async {
        let fixture = Fixture()
        fixture.dataManager.willRefresh(.offline(sampleUser()))
        await fixture.presenter.sceneDidAppear()
        #expect(fixture.view.renders == [home(sampleUser()), home(sampleUser(), offline: true)])
        #expect(fixture.log.all == ["cachedUser", "render", "refreshUser", "render"])
    }

    @Test("Signed out by the server, the Router shows the prompt")
    func signedOut() async {
        let fixture = Fixture()
        fixture.dataManager.willRefresh(.signedOut)
        await fixture.presenter.sceneDidAppear()
        #expect(fixture.log.all == ["cachedUser", "render", "refreshUser", "showPrompt"])
        #expect(fixture.view.renders == [home(sampleUser())])
    }

    @Test("With nobody cached, the Router shows the prompt at once, without a render or the server")
    func nobodyCached() async {
        let fixture = Fixture(cached: nil)
        await fixture.presenter.sceneDidAppear()
        #expect(fixture.log.all == ["cachedUser", "showPrompt"])
        #expect(fixture.view.renders.isEmpty)
    }

    @Test("Log Out asks the data manager to forget the user, then the Router for the prompt")
    func logOut() async {
        let fixture = Fixture()
        await fixture.presenter.handle(.logOutTapped)
        #expect(fixture.log.all == ["logOut", "showPrompt"])
        #expect(fixture.dataManager.cached == nil)
        #expect(fixture.view.renders.isEmpty)
    }

    @Test("Log Out leaves for the prompt even when the data manager fails to forget the user")
    func logOutFailing() async {
        let fixture = Fixture()
        fixture.dataManager.willFailLogOut(.storage(reason: "disk I/O error"))
        await fixture.presenter.handle(.logOutTapped)
        #expect(fixture.log.all == ["logOut", "showPrompt"])
    }
}
