import Logging
import ViperJSON

/// How Navigators and view ports act on the session: opening modules, taking scenes off the
/// stack (and telling their modules), rendering.
extension Session {
    /// Builds a module and shows its scene: announces it, then lets it render.
    /// Returns nil, doing nothing, when `origin` is a scene that has left the stack.
    ///
    /// With `.root` the new scene replaces the whole stack: the scenes that were live are gone
    /// without a `view.navigate` each, and their modules are told they left.
    @discardableResult
    func open<Builder: ModuleBuilder>(
        _ builder: Builder, with input: Builder.Input, action: NavigationAction, from origin: SceneID?
    ) async -> SceneID? {
        if let origin, !isLive(origin) {
            logger.warning("ignored navigation from a scene that has left the stack", metadata: ["scene": "\(origin)"])
            return nil
        }
        let kind = Builder.Scene.kind
        let id = scenes.nextID(of: kind)
        var sceneLogger = logger
        sceneLogger[metadataKey: "scene"] = "\(id)"
        let context = ModuleContext<Builder.Scene>(
            view: EngineSceneView(session: self, scene: id), navigator: Navigator(session: self, scene: id),
            clock: clock, calendar: terms.calendar, logger: sceneLogger,
            tasks: SceneTasks(session: self, scene: id), bus: NotificationBus(session: self, scene: id), http: httpClient)
        let handler = builder.build(with: input, context: context)
        let replaced = action == .root ? scenes.removeAll() : []
        scenes.push(LiveScene(
            id: id, module: TypedModule(handler: handler, description: description(of: Builder.Scene.self)), presentation: action))
        emit(ViewNavigateNotification(action: action, scene: id.description, kind: kind.rawValue, from: origin?.description))
        for scene in replaced.reversed() { await left(scene) }
        await handler.sceneDidAppear()
        return id
    }

    /// The description of a scene kind: the one its app registered, or made now for a kind the
    /// app's `scenes` forgot (which `engine.describe` then does not show).
    private func description<Scene: SceneContract>(of scene: Scene.Type) -> SceneDescription {
        if let registered = apps.description(ofKind: Scene.kind) { return registered }
        logger.warning("a scene kind is missing from its app's scenes, so engine.describe does not show it", metadata: ["kind": "\(Scene.kind)"])
        return SceneDescription(scene)
    }

    func isLive(_ scene: SceneID) -> Bool {
        scenes.contains(scene)
    }

    /// Whether `scene` is the top of the stack, the one a user sees and touches.
    func isOnTop(_ scene: SceneID) -> Bool {
        scenes.top?.id == scene
    }

    /// Removes `scene` and every scene above it (a Router's dismiss or pop).
    func dismiss(_ scene: SceneID) async {
        guard let index = scenes.position(of: scene) else {
            logger.debug("ignored dismissing a scene that has left the stack", metadata: ["scene": "\(scene)"])
            return
        }
        await removeScenes(from: index)
    }

    /// Removes every scene above the root, for a Router of a live scene (`popToRoot`).
    func popToRoot(from scene: SceneID) async {
        guard isLive(scene) else { return }
        await removeScenes(from: 1)
    }

    /// `view.back`: the user left the top scene with the platform's gesture.
    func back(_ scene: String) async throws(ProtocolError) {
        guard let index = scenes.position(named: scene) else {
            throw .unknownScene(scene, live: scenes.names)
        }
        guard index == scenes.all.count - 1 else { throw .notTopScene(scene, top: scenes.top!.name) }
        guard index > 0 else { throw .cannotGoBack(scene) }
        await removeScenes(from: index)
    }

    /// Takes the scenes from `index` up off the stack, top first, each with its own
    /// `view.navigate` (`pop` for a pushed scene in 1.1, else `dismiss`); tells each module it
    /// left, and the scene now on top that it is on top again.
    private func removeScenes(from index: Int) async {
        var removed: [LiveScene] = []
        while scenes.all.count > index, let scene = scenes.pop() {
            removed.append(scene)
            let action: NavigationAction = terms.version >= .v1_1 && scene.presentation == .push ? .pop : .dismiss
            emit(ViewNavigateNotification(action: action, scene: scene.name, kind: scene.id.kind.rawValue, from: scenes.top?.name))
        }
        for scene in removed { await left(scene) }
        guard !removed.isEmpty else { return }
        await scenes.top?.module.sceneDidReappear()
    }

    /// A scene is off the stack: its work is cancelled, its subscriptions end, its module is
    /// told. It can render nothing more.
    private func left(_ scene: LiveScene) async {
        background.cancel(of: scene.id)
        subscriptions.removeAll(of: scene.id)
        await scene.module.sceneDidDisappear()
    }

    /// Records what `scene` shows now and tells the View.
    func render<ViewModel: Encodable & Sendable>(_ viewModel: ViewModel, for scene: SceneID) {
        guard let index = scenes.position(of: scene) else {
            logger.debug("dropped a render for a scene that has left the stack", metadata: ["scene": "\(scene)"])
            return
        }
        do {
            let written = try RawJSON(encoding: viewModel)
            let name = scenes.all[index].name
            let line = OutgoingMessage.render(ViewRenderNotification(scene: name, kind: scene.kind.rawValue, viewModel: written))
            guard line.count <= EngineInfo.maxOutputLineBytes else {
                // Not written, nor kept as what the scene shows: `engine.state` agrees with what
                // the View saw. The request that caused it says so in its answer.
                logger.error("a render was too long to write", metadata: ["scene": "\(scene)", "bytes": "\(line.count)"])
                if WorkOrigin.current == .request { scheduler.refuseRender(of: name, length: line.count) }
                return
            }
            scenes.setViewModel(written, at: index)
            send(line)
        } catch {
            logger.error("could not encode a view model", metadata: ["scene": "\(scene)", "error": "\(error)"])
        }
    }
}
