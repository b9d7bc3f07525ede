import ViperCore

/// Builds the inbox the VIP way: its view state, the Presenter on it, the Interactor telling
/// the Presenter, with the live feed run in the scene's tasks and posting on its bus.
struct ChatInboxAssembly: VIPModuleBuilder {
    let service: any ChatService
    let author: String
    let conversation: ChatConversationBuilder

    func initialViewModel(for input: Void) -> ChatInboxScene.ViewModel {
        ChatInboxScene.ViewModel(conversations: [], errorMessage: nil)
    }

    func makePresenter(display: SceneViewState<ChatInboxScene.ViewModel>, context: ModuleContext<ChatInboxScene>) -> ChatInboxPresenter {
        ChatInboxPresenter(display: display)
    }

    func makeInteractor(presenter: ChatInboxPresenter, input: Void, context: ModuleContext<ChatInboxScene>) -> ChatInboxInteractor {
        let bus = context.bus
        let tasks = context.tasks
        let feed = ChatLiveFeed(
            service: service, author: author, post: { await bus.post($0) }, sleep: { try await tasks.sleep(for: $0) })
        return ChatInboxInteractor(
            service: service, author: author, notifications: BusChatNotifications(bus: bus), feed: SceneChatFeed(feed: feed, tasks: tasks),
            presenter: presenter, router: ChatInboxRouter(navigator: context.navigator, conversation: conversation))
    }
}
