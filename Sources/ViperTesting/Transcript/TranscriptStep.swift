import ViperCore
import ViperJSON

/// One request of a transcript, with the lines it expects back.
struct TranscriptStep: Sendable {
    /// How the step's request is written.
    enum Request: Sendable {
        /// `> METHOD PARAMS` or `> {…}`: a JSON-RPC request whose `jsonrpc` and `id` the runner
        /// fills in when they are absent. String values `{{name}}` are replaced by captures.
        case call(JSONValue)
        /// `>> TEXT`: sent exactly as written, nothing added.
        case raw(String)
        /// `> reply RESULT` or `> reply-error ERROR`: the View's answer to the oldest request the
        /// engine sent it (`effect.http`) and it has not answered yet.
        case reply(JSONValue, isError: Bool)
        /// `> wait [TIMEOUT]`: nothing is sent; the expected lines must come by themselves
        /// within the timeout (background work).
        case wait(Duration)
    }

    /// One `<` line and the comment or blank lines written just before it.
    struct Expectation: Sendable {
        let leadingLines: [String]
        /// 1-based line number in the file.
        let lineNumber: Int
        let text: String
        let pattern: JSONValue
    }

    /// Comment and blank lines before the request, verbatim.
    let leadingLines: [String]
    /// 1-based line number of the request.
    let lineNumber: Int
    /// The request line as written.
    let requestText: String
    let request: Request
    /// The expected lines; empty when the step has none yet (a missing expectation).
    let expectations: [Expectation]
    /// Whether the step says, with a bare `<`, that the request causes no output at all.
    let expectsNothing: Bool

    /// Whether the transcript says what the engine answers to this step.
    var hasExpectation: Bool { expectsNothing || !expectations.isEmpty }
}
