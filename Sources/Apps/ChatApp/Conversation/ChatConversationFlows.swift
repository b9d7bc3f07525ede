import Foundation

/// The data flows of `chat.conversation`, one namespace each, as a VIP scene models them: the
/// View's Request to the Interactor, the Interactor's Response to the Presenter, the Presenter's
/// ViewModel to the View. `CloseButtonTapped` ends at the Interactor, so it has a Request only;
/// `TextMessageReceived` starts outside the View, so it has none.
enum ChatConversation {
    /// The scene appeared: the messages so far.
    enum Load {
        struct Request {}
        struct Response: Equatable {
            let messages: [ChatMessage]
            /// Why they could not be loaded.
            let failure: ChatFailure?
        }
        struct ViewModel: Equatable {
            let messages: [ChatConversationScene.Message]
            let errorMessage: String?
        }
    }

    /// The user changed the text. A View on a device keeps its text field's text itself; ours
    /// is drawn from whole view models, so the text comes back in the ViewModel, and so does
    /// why a text too long for the server cannot be sent.
    enum InputTextChanged {
        struct Request {
            let inputText: String
        }
        struct Response: Equatable {
            let inputText: String
            let minimumLengthReached: Bool
            let maximumLengthExceeded: Bool
        }
        struct ViewModel: Equatable {
            let inputText: String
            let sendButtonEnabled: Bool
            let errorMessage: String?
        }
    }

    /// The user tapped send: the message is shown and the input cleared, or the text stays and
    /// the failure is said.
    enum SendButtonTapped {
        struct Request {}
        struct Response: Equatable {
            /// The message as the server stored it; nil when sending failed.
            let message: ChatMessage?
            /// What stays in the input: nothing after a send, the text after a failure.
            let inputText: String
            let failure: ChatFailure?
        }
        struct ViewModel: Equatable {
            let message: ChatConversationScene.Message?
            let inputText: String
            let sendButtonEnabled: Bool
            let errorMessage: String?
        }
    }

    /// The user tapped close: the scene closes, and nothing is rendered.
    enum CloseButtonTapped {
        struct Request {}
    }

    /// A message arrived from outside the View (`chat.messageReceived`).
    enum TextMessageReceived {
        struct Response: Equatable {
            let messageId: String
            let message: String
            let author: String
            let sentDate: Date
            let isMine: Bool
        }
        /// `messageText`, `messageHeader` and `formattedSentDate`, as in the article, with the
        /// id and whose it is.
        typealias ViewModel = ChatConversationScene.Message
    }

    /// The session's clock moved: "Today" may have become "Yesterday".
    enum ClockChanged {
        struct Response: Equatable {
            let messages: [ChatMessage]
        }
        struct ViewModel: Equatable {
            let messages: [ChatConversationScene.Message]
        }
    }
}
