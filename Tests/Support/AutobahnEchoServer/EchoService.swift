@testable import ViperWeb

/// Each connection an echo: every message goes back as it came, text as text, binary as binary.
struct EchoService: WebSocketService {
    func open(output: SessionOutput) -> any WebSocketConversation {
        EchoConversation(output: output)
    }
}
