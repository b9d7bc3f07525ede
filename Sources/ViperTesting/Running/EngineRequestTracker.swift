import ViperCore
import ViperJSON

/// The requests the engine sent the View (`effect.http`) that wait for a reply, followed step by
/// step the way a transcript replays them, so that a session recorded live and its replay agree
/// on which request each `> reply` answers.
struct EngineRequestTracker: Sendable {
    /// Ids of the requests the engine sent the View that no reply answered yet, oldest first.
    private(set) var openEngineRequests: [JSONValue] = []
    /// The id of the request the engine sent the View with the last line of the step before, if
    /// that step ended with one: the request a `> reply` then answers, even when an older one is
    /// still open (a live feed's long poll that nobody answers).
    private var endingRequest: JSONValue?
    /// The id of the View's request that waits for those replies before it is answered, and its
    /// method.
    private(set) var waitingRequestID: JSONValue?
    private(set) var waitingRequestMethod: String?

    /// The request the next `> reply` answers; nil when none waits.
    var replyTarget: JSONValue? {
        endingRequest.flatMap { openEngineRequests.contains($0) ? $0 : nil } ?? openEngineRequests.first
    }

    /// Takes `id` off the open requests: a reply was sent to it.
    mutating func replied(to id: JSONValue) {
        openEngineRequests.removeAll { $0 == id }
    }

    /// Follows the lines a step caused: `requestID` is the View's request the step sent (null
    /// for a reply, a raw line or a wait), `method` its method.
    mutating func note(_ lines: [String], answering requestID: JSONValue, method: String?) {
        let messages = lines.map(EngineMessage.init(line:))
        endingRequest = messages.last?.engineRequestID
        for message in messages {
            switch message {
            case .effect(let id, _):
                openEngineRequests.append(id)
                if requestID != .null {
                    waitingRequestID = requestID
                    waitingRequestMethod = method
                }
            case .cancel(let cancelled):
                // The engine no longer wants that answer: the next `> reply` is for the one after.
                openEngineRequests.removeAll { $0 == cancelled }
            case .response(let id, _) where id == waitingRequestID:
                waitingRequestID = nil
            default:
                break
            }
        }
    }
}
