/// What the chat scenes say about a failure, naming its cause, in words the user reads.
enum ChatMessages {
    static func text(_ failure: ChatFailure) -> String {
        switch failure {
        case .unreachable(let reason): "The chat server could not be reached (\(reason))."
        case .refused(let message): "The chat server refused: \(message)"
        case .status(let status): "The chat server answered with an error (HTTP \(status))."
        case .malformed(let reason): "The chat server's answer could not be read (\(reason))."
        case .cancelled: "Cancelled before the chat server answered."
        }
    }

    /// Why a draft cannot be sent, when it is too long to.
    static func tooLong(_ length: Int) -> String {
        "A message is at most \(MessageDraft.longest) characters; this one has \(length)."
    }

    /// What the inbox says while the live feed waits to try again.
    static func feedInterrupted(_ failure: ChatFailure, retryIn delay: Duration) -> String {
        "New messages are not arriving: \(text(failure)) Trying again in \(delay.components.seconds) s."
    }
}
