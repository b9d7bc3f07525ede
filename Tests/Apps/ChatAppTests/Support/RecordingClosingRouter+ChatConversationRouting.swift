import AppTestSupport

@testable import ChatApp

/// The conversation's Router: the shared closing Router.
extension RecordingClosingRouter: ChatConversationRouting {}
