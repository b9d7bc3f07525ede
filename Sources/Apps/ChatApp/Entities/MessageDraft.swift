import ViperCore

/// The text being typed, and whether it may be sent: something left once trimmed, and no more
/// than the chat server takes.
struct MessageDraft: Sendable, Equatable {
    /// The chat server refuses longer messages.
    static let longest = 1000

    let text: String

    /// Something left once trimmed: text that is only whitespace is not sent.
    var minimumLengthReached: Bool { length > 0 }
    /// Longer than the server takes, counted as it is sent: without the whitespace around it.
    var maximumLengthExceeded: Bool { length > Self.longest }
    /// The length of what would be sent: the text trimmed.
    var length: Int { text.trimmingWhitespace.count }
    var isSendable: Bool { minimumLengthReached && !maximumLengthExceeded }
}
