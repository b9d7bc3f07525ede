/// The session could not be opened.
struct AgentSessionError: Error, CustomStringConvertible {
    let description: String
}
