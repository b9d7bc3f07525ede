/// An invariant a walk broke, with the story that breaks it: as found, then as shrunk.
package struct Finding: Sendable {
    /// The invariant, and how it broke (in the shortest story, once shrunk).
    package let breach: Breach
    /// The kind of the top scene when it broke.
    package let sceneKind: String
    /// The actions that lead to it.
    let actions: [ExploreAction]
    /// How many actions the walk took to find it.
    package private(set) var foundLength: Int
    /// The shortest story's steps, as a transcript writes them.
    private(set) var steps: [StoryStep] = []
    /// How many sessions the shrink played, and how long it took.
    package private(set) var replays = 0
    package private(set) var shrinkDuration: Duration = .zero
    /// Whether playing the story again broke the invariant again; false for a breach that
    /// depends on timing, which the report then says.
    package private(set) var reproduced = true

    init(breach: Breach, sceneKind: String, actions: [ExploreAction]) {
        self.breach = breach
        self.sceneKind = sceneKind
        self.actions = actions
        foundLength = actions.count
    }

    /// How many actions the shortest story takes.
    package var length: Int { actions.count }

    /// The finding with its shortest story, whose last action was made on `kind`.
    func shrunk(to actions: [ExploreAction], at kind: String, steps: [StoryStep], breach: Breach, replays: Int, duration: Duration, reproduced: Bool) -> Finding {
        var shrunk = Finding(breach: breach, sceneKind: kind, actions: actions)
        shrunk.foundLength = foundLength
        shrunk.steps = steps
        shrunk.replays = replays
        shrunk.shrinkDuration = duration
        shrunk.reproduced = reproduced
        return shrunk
    }

    /// The story as a transcript that pins the broken invariant, not the output: `viper test`
    /// fails it while the bug is there and passes it once the bug is fixed.
    package func transcript(app: String, seed: UInt64, replay: String) -> String {
        var lines = [
            "# viper explore, app \(app), seed \(seed): \(breach.invariant.summary), broken.",
            "# \(breach.headline)",
            "# Shrunk from \(foundLength) action\(foundLength == 1 ? "" : "s") to \(length). The transcript checks the invariant, not the output:",
            "# it fails until the bug is fixed, then passes. Replay with: \(replay)",
            // A story that makes an operation fail on purpose needs an engine that allows it.
            steps.contains { $0.transcriptLine.hasPrefix("> debug.injectFault") } ? "$ viper serve --enable-fault-injection" : "$ viper serve",
            "! check \(breach.invariant.rawValue)",
        ]
        lines += steps.map(\.transcriptLine)
        return lines.joined(separator: "\n") + "\n"
    }
}
