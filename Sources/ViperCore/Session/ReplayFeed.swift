import Foundation
import ViperJSON

/// A journal read back for a resuming session: the requests to run again in order, each with
/// what came from outside while it ran (servers' answers, what its stores' transactions gave),
/// handed out again instead of asking; the servers' answers to background work, in a pool of
/// their own; the
/// client's requests that background work still waits on (asked again under the same ids); and
/// the counters to restore.
struct ReplayFeed {
    /// What came from outside for one piece of work, in the order it came.
    struct Outside {
        fileprivate var answers: [String: [Result<HTTPResponse, HTTPFailure>]] = [:]
        fileprivate var transactions: [JSONValue] = []

        fileprivate mutating func add(_ record: JournalRecord) {
            switch record {
            case .http(let key, let outcome, _): answers[key, default: []].append(outcome)
            case .store(let transaction): transactions.append(transaction)
            case .call, .ask, .counters, .clock: break
            }
        }
    }

    /// What to run again: a request with the clock it ran at and what it got from outside, a
    /// still clock from a cut, or the numbering of scenes there.
    enum Step {
        case call(method: String, params: JSONValue?, at: Date?, outside: Outside)
        case clock(Date)
        case counters(scenes: [String: Int])
    }

    private(set) var steps: [Step] = []
    /// What the request being replayed gets from outside.
    private var current = Outside()
    /// What background work got, whichever request ran then.
    private var background = Outside()
    /// Ids of background work's requests to the client that no answer followed, by request.
    private var unanswered: [String: [Int]] = [:]
    /// The next id of a request to the client, as the journal last saw it.
    private(set) var nextReply = 1

    /// The feed of `entries`; nil when one of them is not an entry an engine writes.
    init?(_ entries: [JournalEntry]) {
        var asks: [String: [Int]] = [:]
        var answeredInBackground: [String: Int] = [:]
        // A request's own records follow its entry, written with it.
        var call: (method: String, params: JSONValue?, at: Date?, outside: Outside)?
        func endCall() {
            if let done = call { steps.append(.call(method: done.method, params: done.params, at: done.at, outside: done.outside)) }
            call = nil
        }
        for entry in entries {
            guard let json = try? JSONParser.parse(Array(entry.text.utf8)), let record = JournalRecord(json) else { return nil }
            switch record {
            case .call(let method, let params, let at):
                endCall()
                call = (method, params, at, Outside())
            case .http(let key, _, background: true):
                background.add(record)
                answeredInBackground[key, default: 0] += 1
            case .http, .store:
                if call != nil { call!.outside.add(record) } else { background.add(record) }
            case .ask(let key, let id):
                asks[key, default: []].append(id)
                nextReply = max(nextReply, id + 1)
            case .counters(let scenes, let next):
                nextReply = max(nextReply, next)
                guard let scenes else { continue }
                endCall()
                steps.append(.counters(scenes: scenes))
            case .clock(let instant):
                endCall()
                steps.append(.clock(instant))
            }
        }
        endCall()
        // Background work's answers come in the order it asked: the asks past them wait still.
        for (key, ids) in asks {
            let waiting = Array(ids.dropFirst(answeredInBackground[key, default: 0]))
            if !waiting.isEmpty { unanswered[key] = waiting }
        }
    }

    /// The request about to be replayed got `outside`.
    mutating func begin(_ outside: Outside) {
        current = outside
    }

    /// The recorded answer to the next request `key` names, taken: the running request's own,
    /// or background work's; nil when none is left.
    mutating func answer(to key: String, inBackground: Bool) -> Result<HTTPResponse, HTTPFailure>? {
        if !inBackground, let answer = Self.take(key, from: &current) { return answer }
        return Self.take(key, from: &background)
    }

    /// What the next store transaction of the running request gave; nil for background work,
    /// whose transactions a journal does not keep.
    mutating func transaction(inBackground: Bool) -> JSONValue? {
        guard !inBackground, !current.transactions.isEmpty else { return nil }
        return current.transactions.removeFirst()
    }

    /// The id background work's request `key` had when the journal last saw it waiting, taken.
    mutating func waitingID(of key: String) -> Int? {
        guard var ids = unanswered[key], !ids.isEmpty else { return nil }
        let first = ids.removeFirst()
        unanswered[key] = ids
        return first
    }

    private static func take(_ key: String, from outside: inout Outside) -> Result<HTTPResponse, HTTPFailure>? {
        guard var queue = outside.answers[key], !queue.isEmpty else { return nil }
        let first = queue.removeFirst()
        outside.answers[key] = queue
        return first
    }
}
