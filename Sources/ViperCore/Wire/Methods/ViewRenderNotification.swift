import ViperJSON

/// `view.render`: what a scene shows now.
struct ViewRenderNotification: WireNotification {
    static let method = "view.render"

    let scene: String
    let kind: String
    /// The view model, already written: the session encodes it once per render.
    let viewModel: RawJSON
}
