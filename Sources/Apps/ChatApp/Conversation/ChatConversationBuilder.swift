public import ViperCore

/// A conversation, as other modules and apps see it: a Builder that needs which conversation
/// to open.
public protocol ChatConversationBuilder: ModuleBuilder where Scene == ChatConversationScene, Input == ChatConversationInput {}
