import Logging
import ViperJSON

/// How Navigators and view ports act on the session: opening and dismissing modules, rendering.
extension Session {
    /// Builds a module and shows its scene: announces it, then lets it render.
    /// Returns nil, doing nothing, when `origin` is a scene that has left the stack.
    @discardableResult
    func open<Builder: ModuleBuilder>(
        _ builder: Builder, with input: Builder.Input, action: NavigationAction, from origin: SceneID?
    ) async -> SceneID? {
        if let origin, !stack.contains(where: { $0.id == origin }) {
            logger.warning("ignored navigation from a scene that has left the stack", metadata: ["scene": "\(origin)"])
            return nil
        }
        let kind = Builder.Scene.kind
        let number = openedScenes[kind, default: 0] + 1
        openedScenes[kind] = number
        let id = SceneID(kind: kind, number: number)
        var sceneLogger = logger
        sceneLogger[metadataKey: "scene"] = "\(id)"
        let context = ModuleContext<Builder.Scene>(
            view: EngineSceneView(session: self, scene: id), navigator: Navigator(session: self, scene: id),
            clock: clock, calendar: calendar, logger: sceneLogger)
        let handler = builder.build(with: input, context: context)
        if action == .root { stack.removeAll() }
        stack.append(LiveScene(id: id, module: Module(handler: handler, description: description(of: Builder.Scene.self))))
        emit(ViewNavigateNotification(action: action.rawValue, scene: id.description, kind: kind.rawValue, from: origin?.description))
        await handler.sceneDidAppear()
        return id
    }

    /// The description of a scene kind: the one its app registered, or made now for a kind the
    /// app's `scenes` forgot (which `engine.describe` then does not show).
    private func description<Scene: SceneContract>(of scene: Scene.Type) -> SceneDescription {
        if let registered = sceneDescriptions[Scene.kind] { return registered }
        logger.warning("a scene kind is missing from its app's scenes, so engine.describe does not show it", metadata: ["kind": "\(Scene.kind)"])
        return SceneDescription(scene)
    }

    /// Removes `scene` and every scene above it, top first, announcing each.
    func dismiss(_ scene: SceneID) {
        guard let index = stack.firstIndex(where: { $0.id == scene }) else {
            logger.debug("ignored dismissing a scene that has left the stack", metadata: ["scene": "\(scene)"])
            return
        }
        while stack.count > index {
            let removed = stack.removeLast()
            emit(ViewNavigateNotification(
                action: NavigationAction.dismiss.rawValue, scene: removed.name, kind: removed.id.kind.rawValue,
                from: stack.last?.name))
        }
    }

    /// Records what `scene` shows now and tells the View.
    func render<ViewModel: Encodable & Sendable>(_ viewModel: ViewModel, for scene: SceneID) {
        guard let index = stack.firstIndex(where: { $0.id == scene }) else {
            logger.debug("dropped a render for a scene that has left the stack", metadata: ["scene": "\(scene)"])
            return
        }
        do {
            let written = try RawJSON(encoding: viewModel)
            stack[index].viewModel = written
            emit(ViewRenderNotification(scene: stack[index].name, kind: scene.kind.rawValue, viewModel: written))
        } catch {
            logger.error("could not encode a view model", metadata: ["scene": "\(scene)", "error": "\(error)"])
        }
    }
}
