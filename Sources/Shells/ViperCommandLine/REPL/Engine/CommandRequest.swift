import Foundation
import ViperCore
import ViperJSON

/// A request the REPL sends, built whole from a command before anything is sent: each case
/// holds what its method's params need, so sending one cannot fail for want of a method or a
/// field.
enum CommandRequest: Equatable, Sendable {
    /// app.start.
    case startApp(String)
    /// view.event; `data` is left out when nil (an event typed without any).
    case event(scene: String, name: String, data: JSONValue?)
    /// view.back.
    case back(scene: String)
    /// notification.post.
    case post(name: String, payload: JSONValue)
    /// clock.set, to an instant of whole seconds (what the wire writes) in the session's zone.
    case setClock(Date, in: TimeZone)
    /// engine.state.
    case state

    /// The request, as the engine's own type declares it.
    var request: any ViewRequest {
        switch self {
        case .startApp(let app): AppStartRequest(app: app)
        case .event(let scene, let name, let data): ViewEventRequest(scene: scene, event: name, data: data)
        case .back(let scene): ViewBackRequest(scene: scene)
        case .post(let name, let payload): NotificationPostRequest(name: name, payload: payload)
        case .setClock(let instant, let zone): ClockSetRequest(now: Instant(instant, writtenAtOffset: zone.secondsFromGMT(for: instant)))
        case .state: EngineStateRequest()
        }
    }
}
