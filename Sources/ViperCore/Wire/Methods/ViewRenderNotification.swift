import ViperJSON

/// `view.render`: what a scene shows now.
struct ViewRenderNotification: WireNotification {
    static let method = WireMethod.viewRender.rawValue

    let scene: String
    let kind: String
    /// The view model, already written: the session encodes it once per render.
    let viewModel: RawJSON
}
