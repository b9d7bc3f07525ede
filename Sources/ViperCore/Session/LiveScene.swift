import ViperJSON

/// A scene on the session's stack: its id, its module, how it was opened and what it last
/// rendered.
struct LiveScene: Sendable {
    let id: SceneID
    /// `id` spelled as on the wire, kept to match incoming events without formatting ids.
    let name: String
    let module: any LiveModule
    /// `root`, `push` or `present`: how it leaves depends on it (a pushed scene is popped).
    let presentation: NavigationAction
    /// The last view model rendered, as written on the wire.
    var viewModel: RawJSON?

    init(id: SceneID, module: any LiveModule, presentation: NavigationAction) {
        self.id = id
        self.name = id.description
        self.module = module
        self.presentation = presentation
    }
}
