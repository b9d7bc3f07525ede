import ViperCore

/// Builds a conversation the VIP way: its view state, the Presenter on it, the Interactor
/// telling the Presenter and subscribed to the session's bus.
struct ChatConversationAssembly: VIPModuleBuilder {
    /// Named, because `ModuleBuilder`'s default (`Void`) would otherwise win over what the
    /// functions below take.
    typealias Input = ChatConversationInput

    let service: any ChatService
    let author: String

    func initialViewModel(for input: ChatConversationInput) -> ChatConversationScene.ViewModel {
        ChatConversationScene.ViewModel(title: input.title, messages: [], inputText: "", sendButtonEnabled: false, errorMessage: nil)
    }

    func makePresenter(
        display: SceneViewState<ChatConversationScene.ViewModel>, context: ModuleContext<ChatConversationScene>
    ) -> ChatConversationPresenter {
        ChatConversationPresenter(display: display, author: author, dates: SentDateFormat(clock: context.clock, calendar: context.calendar))
    }

    func makeInteractor(
        presenter: ChatConversationPresenter, input: ChatConversationInput, context: ModuleContext<ChatConversationScene>
    ) -> ChatConversationInteractor {
        ChatConversationInteractor(
            conversation: input, service: service, author: author, notifications: BusChatNotifications(bus: context.bus),
            presenter: presenter, router: ChatConversationRouter(navigator: context.navigator))
    }
}
