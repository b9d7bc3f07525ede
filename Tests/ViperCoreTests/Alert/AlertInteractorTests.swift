import Synchronization
import Testing

@testable import ViperCore

private final class RecordingAlertPresenter: AlertPresentationLogic {
    let presented = Mutex<[Alert]>([])
    func present(_ alert: Alert) async { presented.withLock { $0.append(alert) } }
}

private final class RecordingAlertRouter: AlertRouting {
    let closes = Mutex(0)
    func close() async { closes.withLock { $0 += 1 } }
}

struct AlertInteractorTests {
    @Test func theAlertShowsWhatItWasGivenWhenItAppears() async {
        let presenter = RecordingAlertPresenter()
        let router = RecordingAlertRouter()
        let interactor = AlertInteractor(alert: Alert(title: "T", message: "M"), presenter: presenter, router: router)
        await interactor.sceneDidAppear()
        #expect(presenter.presented.withLock { $0 } == [Alert(title: "T", message: "M")])
        #expect(router.closes.withLock { $0 } == 0)
    }

    @Test func tappingOKClosesTheAlert() async {
        let presenter = RecordingAlertPresenter()
        let router = RecordingAlertRouter()
        await AlertInteractor(alert: Alert(title: "T", message: "M"), presenter: presenter, router: router).handle(.dismissTapped)
        #expect(router.closes.withLock { $0 } == 1)
        #expect(presenter.presented.withLock { $0 }.isEmpty)
    }

    private final class RecordingView: SceneView {
        let rendered = Mutex<[AlertScene.ViewModel]>([])
        func render(_ viewModel: AlertScene.ViewModel) async { rendered.withLock { $0.append(viewModel) } }
    }

    @Test func thePresenterOffersASingleOKAction() async {
        let view = RecordingView()
        await AlertPresenter(view: view).present(Alert(title: "Could Not Save", message: "disk full"))
        #expect(view.rendered.withLock { $0 } == [.init(title: "Could Not Save", message: "disk full", actions: ["OK"])])
    }
}
