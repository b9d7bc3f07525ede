public import ViperCore

/// Builds the inbox, the Chat app's root, with the Builder of the conversation it presents.
/// `ChatInboxAssembly` wires its roles the VIP way, and stays internal with them. Public as the
/// app's `rootModule`; only the app makes one.
public struct ChatInboxBuilder: ModuleBuilder {
    private let assembly: ChatInboxAssembly

    /// The inbox of `author`'s conversations on `service`, opening each with `conversation`.
    init(service: any ChatService, author: String, conversation: ChatConversationBuilder) {
        assembly = ChatInboxAssembly(service: service, author: author, conversation: conversation)
    }

    public func build(with input: Void, context: ModuleContext<ChatInboxScene>) -> any EventHandler<ChatInboxScene> {
        assembly.build(with: input, context: context)
    }
}
