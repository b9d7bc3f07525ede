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

/// A module as the session drives it, without knowing its scene's types.
protocol LiveModule: Sendable {
    /// Hands the module the event: typed already when it was decoded as the line was read,
    /// else decoded from its data.
    func deliver(_ event: ViewEventRequest) async throws(ProtocolError)
    func sceneDidAppear() async
    func clockDidChange() async
    func sceneDidDisappear() async
    func sceneDidReappear() async
}

/// The `LiveModule` of a module whose scene follows `Scene`.
struct Module<Scene: SceneContract>: LiveModule {
    let handler: any EventHandler<Scene>
    /// What the scene accepts, learned from the same decoder that reads its events.
    let description: SceneDescription

    /// Decodes the event into the scene's typed `Event`, unless it was typed already, and
    /// hands it to the module.
    func deliver(_ request: ViewEventRequest) async throws(ProtocolError) {
        guard description.acceptsEvent(named: request.event) else {
            throw .unknownEvent(request.event, scene: request.scene, known: description.events.map(\.name))
        }
        let event: Scene.Event
        if let typed = request.typed as? Scene.Event {
            event = typed
        } else {
            event = try Scene.decodeEvent(named: request.event, data: request.data)
        }
        if let refusal = await handler.refusal(of: event) {
            throw .invalidParams(path: "params.data.\(refusal.field)", refusal.reason)
        }
        await handler.handle(event)
    }

    func sceneDidAppear() async {
        await handler.sceneDidAppear()
    }

    func clockDidChange() async {
        await handler.clockDidChange()
    }

    func sceneDidDisappear() async {
        await handler.sceneDidDisappear()
    }

    func sceneDidReappear() async {
        await handler.sceneDidReappear()
    }
}
