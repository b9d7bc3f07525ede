import Foundation

/// The text being typed, and whether it may be sent: at least one character that is not a
/// space, and no more than the chat server takes.
struct MessageDraft: Sendable, Equatable {
    /// The chat server refuses longer messages.
    static let longest = 1000

    let text: String

    /// At least one character that is not a space.
    var minimumLengthReached: Bool { text.contains { !$0.isWhitespace } }
    /// Longer than the server takes, counted as it is sent: without the spaces around it.
    var maximumLengthExceeded: Bool { length > Self.longest }
    /// The length of what would be sent.
    var length: Int { text.trimmingCharacters(in: .whitespacesAndNewlines).count }
    var isSendable: Bool { minimumLengthReached && !maximumLengthExceeded }
}
