/// The text being typed, and whether it may be sent: seed 004's minimum length, and the chat
/// server's maximum.
struct MessageDraft: Sendable, Equatable {
    /// The chat server refuses longer messages.
    static let longest = 1000

    let text: String

    /// At least one character that is not a space.
    var minimumLengthReached: Bool { text.contains { !$0.isWhitespace } }
    /// Longer than the server takes.
    var maximumLengthExceeded: Bool { text.count > Self.longest }
    var isSendable: Bool { minimumLengthReached && !maximumLengthExceeded }
}
