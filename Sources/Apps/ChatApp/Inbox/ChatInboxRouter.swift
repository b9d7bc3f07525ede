import ViperCore

/// Presents a conversation over the inbox, through the conversation's Builder.
struct ChatInboxRouter: ChatInboxRouting {
    let navigator: Navigator
    let conversation: ChatConversationBuilder

    func openConversation(_ input: ChatConversationInput) async {
        await navigator.present(conversation, with: input)
    }
}
