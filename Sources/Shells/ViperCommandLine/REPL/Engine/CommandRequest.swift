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

    var method: WireMethod {
        switch self {
        case .startApp: .appStart
        case .event: .viewEvent
        case .back: .viewBack
        case .post: .notificationPost
        case .setClock: .clockSet
        case .state: .engineState
        }
    }

    var params: JSONValue? {
        switch self {
        case .startApp(let app):
            return ["app": .string(app)]
        case .event(let scene, let name, let data):
            var params: [String: JSONValue] = ["scene": .string(scene), "event": .string(name)]
            params["data"] = data
            return .object(params)
        case .back(let scene):
            return ["scene": .string(scene)]
        case .post(let name, let payload):
            return ["name": .string(name), "payload": payload]
        case .setClock(let instant, let zone):
            return ["now": .string(EngineClient.iso8601(instant, in: zone))]
        case .state:
            return nil
        }
    }
}
