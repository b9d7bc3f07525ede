import AppTestSupport
import Synchronization

@testable import ChatApp

/// A chat Service with scripted answers, used in the order scripted, that records each call in
/// `calls` (and the shared `log`): `conversations`, `messages in ada`,
/// `send "Hi" to ada as Grace`, `poll after 7 waiting 25`. With nothing scripted, listing,
/// loading and sending are unreachable, and a poll is cancelled, which ends a live feed.
///
/// `hold(_:)` keeps the next load or send waiting, once it has been recorded, until
/// `release(_:)`, so that a test can act while it runs; `waitUntilHeld(_:)` returns once it waits
/// (a test that waits for a call that never comes would wait for ever: give it a time limit).
final class StubChatService: ChatService {
    /// A call that `hold(_:)` can keep waiting.
    enum HeldCall: Hashable, Sendable {
        /// `messages(in:)`.
        case messages
        /// `send(_:to:as:)`.
        case send
    }

    /// What `send` was asked to send.
    struct Sent: Equatable, Sendable {
        let text: String
        let conversationID: String
        let author: String
    }

    private struct State {
        var conversations: [Result<[ConversationSummary], ChatFailure>] = []
        var messages: [Result<[ChatMessage], ChatFailure>] = []
        var sends: [Result<ChatMessage, ChatFailure>] = []
        var polls: [Result<[ChatMessage], ChatFailure>] = []
        var calls: [String] = []
        var sent: [Sent] = []
        var pollsAfter: [Int] = []
        /// The calls whose next run waits for `release`.
        var holding: Set<HeldCall> = []
        /// The runs waiting for `release`.
        var held: [HeldCall: CheckedContinuation<Void, Never>] = [:]
        /// The tests waiting for a run to be held.
        var waiters: [HeldCall: CheckedContinuation<Void, Never>] = [:]
    }

    private let state = Mutex(State())
    private let log: EventLog?

    init(log: EventLog? = nil) {
        self.log = log
    }

    /// Every call, in order.
    var calls: [String] { state.withLock { $0.calls } }
    /// What `send` was asked to send, in order.
    var sent: [Sent] { state.withLock { $0.sent } }
    /// The `after` of each poll, in order.
    var pollsAfter: [Int] { state.withLock { $0.pollsAfter } }

    /// Answers the next `conversations()` with `result`.
    func willListConversations(_ result: Result<[ConversationSummary], ChatFailure>) {
        state.withLock { $0.conversations.append(result) }
    }

    /// Answers the next `messages(in:)` with `result`.
    func willLoadMessages(_ result: Result<[ChatMessage], ChatFailure>) {
        state.withLock { $0.messages.append(result) }
    }

    /// Answers the next `send(_:to:as:)` with `result`.
    func willSend(_ result: Result<ChatMessage, ChatFailure>) {
        state.withLock { $0.sends.append(result) }
    }

    /// Answers the next `messages(after:waitingUpTo:)` with `result`.
    func willPoll(_ result: Result<[ChatMessage], ChatFailure>) {
        state.withLock { $0.polls.append(result) }
    }

    /// Keeps the next run of `call` waiting, once recorded, until `release(call)`.
    func hold(_ call: HeldCall) {
        state.withLock { _ = $0.holding.insert(call) }
    }

    /// Returns once a run of `call` waits for `release(call)`.
    func waitUntilHeld(_ call: HeldCall) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let isHeld: Bool = state.withLock { state in
                if state.held[call] != nil { return true }
                state.waiters[call] = continuation
                return false
            }
            if isHeld { continuation.resume() }
        }
    }

    /// Lets the run of `call` that waits go on with its scripted answer.
    func release(_ call: HeldCall) {
        let continuation: CheckedContinuation<Void, Never>? = state.withLock { $0.held.removeValue(forKey: call) }
        continuation?.resume()
    }

    func conversations() async throws(ChatFailure) -> [ConversationSummary] {
        record("conversations")
        let result: Result<[ConversationSummary], ChatFailure> = state.withLock { state in
            state.conversations.isEmpty ? .failure(.unreachable("no conversations scripted")) : state.conversations.removeFirst()
        }
        return try result.get()
    }

    func messages(in conversationID: String) async throws(ChatFailure) -> [ChatMessage] {
        record("messages in \(conversationID)")
        await pauseIfHeld(.messages)
        let result: Result<[ChatMessage], ChatFailure> = state.withLock { state in
            state.messages.isEmpty ? .failure(.unreachable("no messages scripted")) : state.messages.removeFirst()
        }
        return try result.get()
    }

    func send(_ text: String, to conversationID: String, as author: String) async throws(ChatFailure) -> ChatMessage {
        state.withLock { $0.sent.append(Sent(text: text, conversationID: conversationID, author: author)) }
        record("send \"\(text)\" to \(conversationID) as \(author)")
        await pauseIfHeld(.send)
        let result: Result<ChatMessage, ChatFailure> = state.withLock { state in
            state.sends.isEmpty ? .failure(.unreachable("no send scripted")) : state.sends.removeFirst()
        }
        return try result.get()
    }

    func messages(after sequence: Int, waitingUpTo seconds: Int) async throws(ChatFailure) -> [ChatMessage] {
        state.withLock { $0.pollsAfter.append(sequence) }
        record("poll after \(sequence) waiting \(seconds)")
        let result: Result<[ChatMessage], ChatFailure> = state.withLock { state in
            state.polls.isEmpty ? .failure(.cancelled) : state.polls.removeFirst()
        }
        return try result.get()
    }

    /// Waits for `release(call)` when `hold(call)` asked for it.
    private func pauseIfHeld(_ call: HeldCall) async {
        let holds: Bool = state.withLock { $0.holding.remove(call) != nil }
        guard holds else { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let waiter: CheckedContinuation<Void, Never>? = state.withLock { state in
                state.held[call] = continuation
                return state.waiters.removeValue(forKey: call)
            }
            waiter?.resume()
        }
    }

    private func record(_ call: String) {
        state.withLock { $0.calls.append(call) }
        log?.record(call)
    }
}
