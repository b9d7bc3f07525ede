import ViperCore
import ViperJSON

/// How one request fared when sent again to another engine (`viper dev`'s replay into a
/// rebuilt one): whether it still replays, and which of its renders came out different.
package struct ReplayComparison: Sendable {
    /// A scene whose render changed, with what changed in its view model, field by field, in
    /// the words `viper test` uses (`viewModel.title: expected "Buy", actual "BUY"`).
    package struct ChangedRender: Sendable, Equatable {
        package let scene: String
        package let differences: [String]
    }

    /// Why the request no longer replays, when it does not: the new engine refused what the
    /// old one answered (an event the new code removed, a scene that no longer opens).
    package let refusal: String?
    /// The renders that differ, each scene's last render of the request against the old one's;
    /// a scene the old engine rendered and the new one did not, or the other way round, too.
    package let changedRenders: [ChangedRender]

    /// Compares what the request caused before (`old`) with what it causes now (`new`).
    package init(old: [String], new: [String]) {
        let before = old.map(EngineMessage.init(line:))
        let after = new.map(EngineMessage.init(line:))
        refusal = Self.refusal(before: before, after: after)
        let oldRenders = Self.lastRenders(before)
        let newRenders = Self.lastRenders(after)
        var changed: [ChangedRender] = []
        for scene in Self.scenes(in: before + after) {
            switch (oldRenders[scene], newRenders[scene]) {
            case (let was?, let now?):
                var captures = Captures()
                let differences = JSONDifference.between(
                    expected: Marker.escaped(was), actual: now, captures: &captures, path: "viewModel")
                if !differences.isEmpty { changed.append(ChangedRender(scene: scene, differences: differences.map(\.description))) }
            case (.some, nil): changed.append(ChangedRender(scene: scene, differences: ["no longer rendered"]))
            case (nil, .some): changed.append(ChangedRender(scene: scene, differences: ["rendered, which it was not before"]))
            case (nil, nil): break
            }
        }
        changedRenders = changed
    }

    /// The new engine's refusal of a request the old one answered, in its words.
    private static func refusal(before: [EngineMessage], after: [EngineMessage]) -> String? {
        guard case .response(_, .failure(let error))? = after.last else { return nil }
        if case .response(_, .failure)? = before.last { return nil }
        return error.message
    }

    /// Each scene's last view model among `messages`.
    private static func lastRenders(_ messages: [EngineMessage]) -> [String: JSONValue] {
        var renders: [String: JSONValue] = [:]
        for case .render(let render) in messages { renders[render.scene] = render.viewModel }
        return renders
    }

    /// The scenes rendered among `messages`, each once, in the order they first were.
    private static func scenes(in messages: [EngineMessage]) -> [String] {
        var seen: Set<String> = []
        var scenes: [String] = []
        for case .render(let render) in messages where seen.insert(render.scene).inserted { scenes.append(render.scene) }
        return scenes
    }
}
