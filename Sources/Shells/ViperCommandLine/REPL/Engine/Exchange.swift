import ViperCore
import ViperJSON

/// One line sent to the engine and everything it answered; or, with nothing sent, what the
/// engine wrote by itself (background work).
struct Exchange: Sendable {
    /// The line as sent; nil for output that came by itself.
    let sent: String?
    /// Whether it was sent as typed in raw mode, rather than built by a command.
    let raw: Bool
    /// The engine's lines, in order; the last is the response, unless the line was a notification.
    let output: [String]
    /// The REPL command, for a request sent in the background with `&`.
    var command: String? = nil
    /// The id the request was sent with, when one was.
    var id: Int? = nil

    /// The output lines, each read as what it says.
    var messages: [EngineMessage] { output.map(EngineMessage.init(line:)) }

    /// The response's `result`, if the request succeeded.
    var result: JSONValue? {
        if case .response(_, .success(let result))? = messages.last { result } else { nil }
    }

    /// The `data` of the error the line caused, if any.
    var errorData: JSONValue? { error?.data }

    /// The response's error message, if the request failed (or any error the line caused).
    var errorMessage: String? { error?.message }

    private var error: ResponseError? {
        for case .response(_, .failure(let error)) in messages { return error }
        return nil
    }
}
