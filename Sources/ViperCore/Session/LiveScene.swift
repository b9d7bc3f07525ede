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
    /// Hands the module the event `name`: `prepared` when it was decoded already, else decoded
    /// from `data`.
    func deliver(event name: String, data: JSONValue?, prepared: (any SceneEvent)?, to scene: String) async throws(ProtocolError)
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

    /// Decodes the event into the scene's typed `Event`, unless it was decoded already, and
    /// hands it to the module.
    func deliver(event name: String, data: JSONValue?, prepared: (any SceneEvent)?, to scene: String) async throws(ProtocolError) {
        guard description.acceptsEvent(named: name) else {
            throw .unknownEvent(name, scene: scene, known: description.events.map(\.name))
        }
        let event: Scene.Event
        if let prepared = prepared as? Scene.Event {
            event = prepared
        } else {
            event = try Scene.decodeEvent(named: name, data: data)
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
