/// How a scene joined or left the stack (protocol.md §5.1).
public enum NavigationAction: String, Codable, Sendable {
    case root, push, present, pop, dismiss
}
