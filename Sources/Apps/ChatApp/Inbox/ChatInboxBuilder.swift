public import ViperCore

/// The inbox, as other modules and apps see it: a Builder that needs nothing.
public protocol ChatInboxBuilder: ModuleBuilder where Scene == ChatInboxScene, Input == Void {}
