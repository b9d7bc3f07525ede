import ViperCore

/// Dismisses the conversation; the inbox, on top again, lists what changed.
struct ChatConversationRouter: ChatConversationRouting {
    let navigator: Navigator

    func close() async {
        await navigator.dismiss()
    }
}
