import ViperJSON

/// One thing an exploration does to a session, as it can be done again in another one: what a
/// user, the clock or the world outside does, and how the View answers the HTTP it causes.
struct ExploreAction: Sendable {
    /// What is done.
    enum Move: Sendable, Equatable {
        /// `view.event` with this name and data, for the top scene.
        case event(name: String, data: JSONValue?)
        /// `view.back` for the top scene: the platform's back gesture.
        case back
        /// `clock.set`, this many seconds from the session's clock (negative: back in time).
        case clock(seconds: Int)
        /// `notification.post` of a bus event the apps listen to.
        case post(name: String, payload: JSONValue)
        /// Answers the oldest request of background work for HTTP the View has not answered,
        /// with a fault (the first of `answers` that is one; else no connection).
        case answerBackground
        /// `debug.injectFault`: the next run of this operation of the app fails (its store, its
        /// server), so that what the app shows for a failure is reached.
        case fault(operation: String)
    }

    let move: Move
    /// The kind of the top scene the move was made on: played again on another, it is skipped,
    /// so that a shorter story whose path led elsewhere does not send events nobody offers.
    let sceneKind: String
    /// How the View answers the HTTP requests the move causes, in order; when they run out,
    /// it performs them.
    let answers: [EffectAnswer]

    /// The move as a person reads it in a report and on a map's edge.
    var label: String {
        switch move {
        case .event(let name, _): name
        case .back: "back"
        case .clock(let seconds): "clock " + ExploreAction.offset(seconds)
        case .post(let name, _): "post " + name
        case .answerBackground: "answer " + (answers.first?.rawValue ?? EffectAnswer.perform.rawValue)
        case .fault(let operation): "fault " + operation
        }
    }

    private static func offset(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let magnitude = abs(seconds)
        if magnitude % 86_400 == 0 { return "\(sign)\(magnitude / 86_400)d" }
        if magnitude % 3_600 == 0 { return "\(sign)\(magnitude / 3_600)h" }
        return "\(sign)\(magnitude)s"
    }
}

/// How the View answers one `effect.http` the engine sends it.
enum EffectAnswer: String, Sendable, Hashable, CaseIterable {
    /// It performs the request against the server and replies with the server's answer.
    case perform
    /// `500 Internal Server Error` with a JSON body.
    case serverError = "500"
    /// `200` with an HTML page where the service expects JSON (a captive portal, a proxy).
    case htmlPage = "html"
    /// A transport failure: no connection.
    case transportError = "offline"
    /// No answer in time: the View gives up and cancels the request that waits for it.
    case slowThenCancel = "cancel"
    /// An error answer of the app's servers that the app declares (Flights' `409 soldOut`),
    /// when the request is one it answers; otherwise the request is performed.
    case appError = "app-error"

    /// The reply for a fault, or nil for `perform`.
    var faultReply: (answer: JSONValue, isError: Bool)? {
        switch self {
        case .perform, .slowThenCancel, .appError:
            nil
        case .serverError:
            (["status": 500, "headers": ["Content-Type": "application/json"], "body": #"{"error":"internal server error"}"#], false)
        case .htmlPage:
            (["status": 200, "headers": ["Content-Type": "text/html"], "body": "<!doctype html><html><body><h1>Sign in to the Wi-Fi</h1></body></html>"], false)
        case .transportError:
            (["code": -1, "message": "The Internet connection appears to be offline."], true)
        }
    }
}
