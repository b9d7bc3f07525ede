import ViperCore

/// Builds a conversation, for the conversation the inbox's Router hands over.
/// `ChatConversationAssembly` wires its roles the VIP way.
struct ChatConversationBuilder: ModuleBuilder {
    private let assembly: ChatConversationAssembly

    /// A conversation on `service`, where the user's messages carry `author`.
    init(service: any ChatService, author: String) {
        assembly = ChatConversationAssembly(service: service, author: author)
    }

    func build(with input: ChatConversationInput, context: ModuleContext<ChatConversationScene>) -> any EventHandler<ChatConversationScene> {
        assembly.build(with: input, context: context)
    }
}
