/// The JSON-RPC codes of the protocol's errors (protocol.md §10).
public enum ErrorCode {
    /// The line is not JSON.
    public static let parseError = -32700
    /// The line is not a request the protocol allows.
    public static let invalidRequest = -32600
    /// No such method in this session's version.
    public static let methodNotFound = -32601
    /// A parameter is missing, mistyped or out of range, or names nothing live.
    public static let invalidParams = -32602
    /// The engine failed.
    public static let internalError = -32603
    /// A request before `initialize`.
    public static let notInitialized = -32002
    /// A session could not be resumed (in `InitializeResult.resume`).
    public static let cannotResume = -32010
    /// The request was cancelled or superseded.
    public static let cancelled = -32800
    /// What this client replies when an effect handler fails: the service sees a network failure.
    public static let effectFailed = -32000
}
