/// The versions of the protocol the engine speaks.
public enum ProtocolVersion: String, Codable, Sendable {
    case v1_0 = "1.0"
    case v1_1 = "1.1"
}
