public import ServiceKit
public import ViperCore

/// The Chat app, built the VIP way: an inbox of conversations and a conversation
/// presented over it. A live feed long-polls the chat server and posts every new message of
/// others on the session's bus (`chat.messageReceived`), so replies appear by themselves.
public struct ChatApp: ViperApp {
    public static let name = "chat"
    /// The app's name as a person reads it.
    public static let title = "Chat"
    /// What the app does, in a sentence.
    public static let summary: String? = "Your conversations, messages you write, and answers that arrive by themselves."
    public static let faultOperations = [
        HTTPChatService.conversationsOperation, HTTPChatService.messagesOperation, HTTPChatService.sendOperation,
        HTTPChatService.feedOperation,
    ]
    public static let scenes: [any SceneContract.Type] = [ChatInboxScene.self, ChatConversationScene.self]
    public static let busEvents: [any BusEvent.Type] = [ChatMessageReceived.self]
    /// The name the user's messages carry when none is given.
    public static let defaultAuthor = "You"

    private let service: any ChatService
    private let author: String

    /// The app on the chat server at `api`, through `client`; the user's messages carry `author`.
    public init(api: ServiceEndpoint, client: ServiceClient, author: String = ChatApp.defaultAuthor) {
        service = HTTPChatService(endpoint: api, client: client)
        self.author = author
    }

    public var rootModule: ChatInboxBuilder {
        ChatInboxBuilder(service: service, author: author, conversation: ChatConversationBuilder(service: service, author: author))
    }
}
