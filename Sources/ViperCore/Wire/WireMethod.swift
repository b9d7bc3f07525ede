import ViperJSON

/// Every method of the wire, both ways, named once: the request types take their names from
/// here, and every client in this repository (the REPL, `viper mcp`, `explore`, the transcript
/// player) sends and recognizes methods through it, never as strings of its own.
package enum WireMethod: String, CaseIterable, Sendable {
    // What a View sends.
    case initialize
    case appStart = "app.start"
    case viewEvent = "view.event"
    case viewBack = "view.back"
    case clockSet = "clock.set"
    case notificationPost = "notification.post"
    case engineState = "engine.state"
    case engineDescribe = "engine.describe"
    case engineIdle = "engine.idle"
    case shutdown
    case injectFault = "debug.injectFault"
    /// Both ways: a View cancels its request; the engine cancels an `effect.http`.
    case cancelRequest = "$/cancelRequest"
    // What the engine sends.
    case viewNavigate = "view.navigate"
    case viewRender = "view.render"
    case effectHTTP = "effect.http"

    /// The name as a JSON string, for a message being written.
    package var json: JSONValue { .string(rawValue) }
}

extension JSONValue {
    /// The method of a request or notification this value is, when it names one of the wire's.
    package var wireMethod: WireMethod? {
        guard case .string(let name)? = self["method"] else { return nil }
        return WireMethod(rawValue: name)
    }
}
