/// The data flows of `chat.inbox`, one namespace each, in the way a VIP scene models its
/// flows: the View's Request to the Interactor, the Interactor's Response to the Presenter, the
/// Presenter's ViewModel to the View. A flow that starts outside the View has no Request.
enum ChatInbox {
    /// The scene appeared, came back on top, or the user asked again: the conversations.
    enum Load {
        struct Request {}
        struct Response: Equatable {
            let conversations: [ConversationSummary]
            /// Why they could not be listed; the list shown before stays.
            let failure: ChatFailure?
        }
        struct ViewModel: Equatable {
            let conversations: [ChatInboxScene.Conversation]
            let errorMessage: String?
        }
    }

    /// A conversation was tapped: it is read from now on, and opens.
    enum ConversationTapped {
        struct Request {
            let conversationId: String
        }
        struct Response: Equatable {
            let conversation: ConversationSummary
        }
        struct ViewModel: Equatable {
            let conversation: ChatInboxScene.Conversation
        }
    }

    /// A message arrived from outside the View (`chat.messageReceived`): its conversation's
    /// newest message and unread count change.
    enum TextMessageReceived {
        struct Response: Equatable {
            let conversation: ConversationSummary
        }
        struct ViewModel: Equatable {
            let conversation: ChatInboxScene.Conversation
        }
    }

    /// The live feed stopped hearing new messages, or hears them again.
    enum FeedStatusChanged {
        struct Response: Equatable {
            let status: ChatFeedStatus
        }
        struct ViewModel: Equatable {
            let errorMessage: String?
        }
    }
}
