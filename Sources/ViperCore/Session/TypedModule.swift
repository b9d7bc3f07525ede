import ViperJSON

/// The `LiveModule` of a module whose scene follows `Scene`: events are read into its typed
/// `Event` and handed to its handler.
struct TypedModule<Scene: SceneContract>: LiveModule {
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
        if let typed = request.typed, let exact = Self.exactly(typed) {
            event = exact
        } else {
            event = try Scene.decodeEvent(named: request.event, data: request.data)
        }
        if let refusal = await handler.refusal(of: event) {
            throw .invalidParams(path: "params.data.\(refusal.field)", refusal.reason)
        }
        await handler.handle(event)
    }

    /// `typed` when it is the scene's `Event`, found by comparing the types: `as? Scene.Event`
    /// had the runtime search for the cast and make the optional's metadata, 800 of a
    /// keystroke's 55,000 instructions (callgrind).
    private static func exactly<Typed: SceneEvent>(_ typed: Typed) -> Scene.Event? {
        guard Typed.self == Scene.Event.self else { return nil }
        return sameType(typed, as: Scene.Event.self)
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
