/// The chat Service's live feed: it long-polls the server for the messages of every
/// conversation and posts each one by another author on the notification bus, as
/// `chat.messageReceived` (the conversation's TextMessageReceived flow starts here).
///
/// A failed poll (no server, a dropped connection, an error answer) is tried again after a
/// wait that doubles from one second up to `longestBackoff`, and is back to one second after a
/// poll that worked. The feed never posts a message twice: it polls after the newest id it saw.
struct ChatLiveFeed: Sendable {
    /// How long each poll waits for a message; under the HTTP port's 30 s timeout.
    static let pollWait = 25
    static let longestBackoff = Duration.seconds(30)
    /// The pause after a poll that brought nothing new.
    static let quietPause = Duration.seconds(1)

    let service: any ChatService
    /// The user's name: their own messages are not news to them.
    let author: String
    /// Posts on the session's bus.
    let post: @Sendable (ChatMessageReceived) async -> Void
    /// Waits between failed polls; throws when the feed's scene left.
    let sleep: @Sendable (Duration) async throws -> Void

    /// Polls until cancelled, from the message numbered `sequence` on, telling `statusChanged`
    /// when polls start failing and when they work again.
    func run(after sequence: Int, statusChanged: @Sendable (ChatFeedStatus) async -> Void) async {
        var after = sequence
        var failures = 0
        while !Task.isCancelled {
            do {
                let messages = try await service.messages(after: after, waitingUpTo: Self.pollWait)
                if failures > 0 {
                    failures = 0
                    await statusChanged(.live)
                }
                let newest = after
                for message in messages {
                    guard let number = message.sequence, number > after else { continue }
                    after = number
                    if message.author != author { await post(ChatMessageReceived(message)) }
                }
                // Nothing new is the wait running out. A server that ignores `wait` answers at
                // once instead, and the feed would spin: it pauses as it would after a failure.
                if after == newest {
                    do {
                        try await sleep(Self.quietPause)
                    } catch {
                        return
                    }
                }
            } catch .cancelled {
                return
            } catch {
                failures += 1
                let delay = Self.backoff(afterFailures: failures)
                await statusChanged(.interrupted(error, retryIn: delay))
                do {
                    try await sleep(delay)
                } catch {
                    return
                }
            }
        }
    }

    /// 1 s, 2 s, 4 s … up to `longestBackoff`.
    static func backoff(afterFailures failures: Int) -> Duration {
        min(.seconds(1 << min(failures - 1, 10)), longestBackoff)
    }
}
