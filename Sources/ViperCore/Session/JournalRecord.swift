import Foundation
import ViperJSON

/// What one journal entry says, and its JSON: compact one-letter members, since a journal holds
/// an entry for each request a session ran.
///
/// Only what the engine cannot compute again is kept: the requests that change a session, what
/// came back from the servers it asked, and where its counters stood. Its renders are not kept:
/// replaying the requests makes them again.
enum JournalRecord: Equatable {
    /// A request that ran: its method and params, and the instant the session's clock showed
    /// when the clock followed the system's (replayed at that instant, not at today's).
    case call(method: String, params: JSONValue?, at: Date?)
    /// The answer to an HTTP request (`HTTPRequestKey`), or why none came; `background` when
    /// work a scene owns asked, not a request.
    case http(key: String, outcome: Result<HTTPResponse, HTTPFailure>, background: Bool)
    /// What a store's transaction of a request gave (`SessionReplay`), as the store wrote it.
    case store(JSONValue)
    /// Background work asked the client to perform an HTTP request (`effect.http`) under `id`:
    /// if no answer follows, a resumed session asks again under the same id.
    case ask(key: String, id: Int)
    /// Where the session's numbering stood: the scenes of each kind opened so far, and the next
    /// id of a request to the client. Written where the journal is cut, and after a request that
    /// was cancelled, whose own entries are left out.
    case counters(scenes: [String: Int]?, nextReply: Int)
    /// The session's clock stood still at this instant (where the journal is cut).
    case clock(Date)

    var json: JSONValue {
        switch self {
        case .call(let method, let params, let at):
            var members: [String: JSONValue] = ["c": .string(method)]
            if let params { members["p"] = params }
            if let at { members["t"] = .number(at.timeIntervalSince1970) }
            return .object(members)
        case .http(let key, let outcome, let background):
            var members: [String: JSONValue] = ["h": .string(key)]
            switch outcome {
            case .success(let response):
                members["s"] = .number(Double(response.status))
                if !response.headers.isEmpty { members["hd"] = .object(response.headers.mapValues { .string($0) }) }
                if !response.body.isEmpty { members["b"] = .string(response.body.base64EncodedString()) }
            case .failure(let failure):
                members["f"] = .string(failure.message)
            }
            if background { members["bg"] = true }
            return .object(members)
        case .store(let transaction):
            return ["d": transaction]
        case .ask(let key, let id):
            return ["a": .string(key), "i": .number(Double(id))]
        case .counters(let scenes, let nextReply):
            var members: [String: JSONValue] = ["r": .number(Double(nextReply))]
            if let scenes { members["n"] = .object(scenes.mapValues { .number(Double($0)) }) }
            return .object(members)
        case .clock(let instant):
            return ["k": .number(instant.timeIntervalSince1970)]
        }
    }

    /// The record an entry's JSON holds, or nil for JSON no engine wrote.
    init?(_ json: JSONValue) {
        guard case .object(let members) = json else { return nil }
        if case .string(let method)? = members["c"] {
            let at = members["t"].flatMap(Self.number).map { Date(timeIntervalSince1970: $0) }
            self = .call(method: method, params: members["p"], at: at)
        } else if case .string(let key)? = members["h"] {
            let background = members["bg"] == .bool(true)
            if case .string(let message)? = members["f"] {
                self = .http(key: key, outcome: .failure(HTTPFailure(message: message)), background: background)
                return
            }
            guard let status = members["s"].flatMap(Self.number) else { return nil }
            var headers: [String: String] = [:]
            if case .object(let fields)? = members["hd"] {
                for (name, value) in fields { if case .string(let text) = value { headers[name] = text } }
            }
            var body = Data()
            if case .string(let encoded)? = members["b"] {
                guard let bytes = Data(base64Encoded: encoded) else { return nil }
                body = bytes
            }
            self = .http(key: key, outcome: .success(HTTPResponse(status: Int(status), headers: headers, body: body)), background: background)
        } else if let transaction = members["d"] {
            self = .store(transaction)
        } else if case .string(let key)? = members["a"], let id = members["i"].flatMap(Self.number) {
            self = .ask(key: key, id: Int(id))
        } else if let nextReply = members["r"].flatMap(Self.number) {
            var scenes: [String: Int]?
            if case .object(let counts)? = members["n"] {
                scenes = counts.compactMapValues { Self.number($0).map(Int.init) }
            }
            self = .counters(scenes: scenes, nextReply: Int(nextReply))
        } else if let instant = members["k"].flatMap(Self.number) {
            self = .clock(Date(timeIntervalSince1970: instant))
        } else {
            return nil
        }
    }

    private static func number(_ value: JSONValue) -> Double? {
        if case .number(let number) = value { number } else { nil }
    }
}
