/// `view.render`: what a scene shows now.
struct ViewRenderNotification: WireNotification {
    static let method = "view.render"

    let scene: String
    let kind: String
    let viewModel: JSONValue
}
