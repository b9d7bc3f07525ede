/// An app's failure for an API in the sample server's style, whose errors are `{"error",
/// "message"}`: it words a `ServiceFailure`, and the server's refusal in its own message.
public protocol SampleAPIFailureWording: ServiceFailureWording {
    static func refused(_ message: String) -> Self
}
