import Foundation
import ViperCore
import ViperJSON

/// Explores an app by itself: walks its scenes with events made from their contracts, back
/// gestures, clock moves, bus events and the answers (or faults) of its servers, checks every
/// invariant at every step, shrinks each breach to its shortest story, and maps what it reached.
package struct Explorer: Sendable {
    /// What to explore, and for how long.
    package struct Options: Sendable {
        package var app: String
        /// Fixes the walk: the same seed takes the same path.
        package var seed: UInt64 = 1
        /// The most actions to take, over all walks.
        package var steps: Int = 400
        /// The longest the walk may take; shrinking comes after it.
        package var timeLimit: Duration = .seconds(60)
        /// The session's clock when each walk starts.
        package var now: Date
        /// Other members of `initialize` (`timeZone`, `locale`); its clock and capabilities are
        /// the walk's.
        package var settings = InitializeRequest()
        /// Actions in one session before a new one starts from the root.
        package var walkLength: Int = 40
        /// How many sessions a shrink may play, for each breach.
        package var shrinkBudget: Int = 400
        /// The protocol's JSON Schema for the engine's apps (what `viper schema` prints), when
        /// it is known: `valid-lines` checks every line against it too.
        package var schema: JSONValue?
        /// The operations of the app that `debug.injectFault` can make fail, sent now and then
        /// when the engine has that method.
        package var faultOperations: [String] = []
        /// The error answers of the app's servers that it shows in a way of its own, given now
        /// and then to the requests they match.
        package var serverErrors: [ServerErrorAnswer] = []
        /// The apps' own rules (`ViperApp.invariants`), checked at every step.
        package var appInvariants: [AppInvariant] = []
        /// How the walk chooses its actions.
        package var strategy = ExploreStrategy.steered

        package init(app: String, now: Date) {
            self.app = app
            self.now = now
        }
    }

    private let target: ExploreTarget
    private let options: Options
    private let perform: SessionPlayer.Perform?
    private let schema: SchemaValidator?

    /// An explorer of `target`; `perform` performs HTTP for real (nil: every request fails as
    /// if offline).
    package init(target: ExploreTarget, options: Options, perform: (@Sendable (EffectHTTPRequest) async -> (answer: JSONValue, isError: Bool))?) {
        self.target = target
        self.options = options
        self.perform = perform
        schema = options.schema.map(SchemaValidator.init(document:))
    }

    /// Walks, checks, shrinks what broke, and reports.
    package func run() async throws(EngineFailure) -> ExploreReport {
        let start = ContinuousClock.now
        let deadline = start + options.timeLimit
        var random = SeededGenerator(seed: options.seed)
        var progress = ExploreProgress(map: ExploreMap(description: SessionDescription(.null), app: options.app, root: nil), start: start)
        while progress.taken < options.steps, ContinuousClock.now < deadline {
            var walkRandom = random.split()
            let player = try await open()
            guard player.topKind != nil else {
                await player.close()
                // An app that breaks an invariant as it starts has its story: starting it.
                guard player.openingBreaches.isEmpty else {
                    progress.note(player.openingBreaches, kind: "start", actions: [])
                    break
                }
                let answer = player.steps.first { $0.transcriptLine.hasPrefix("> app.start") }?.output.last ?? "nothing"
                throw EngineFailure(description: "the app '\(options.app)' did not start: app.start answered \(answer)")
            }
            let actions = await walk(player, until: deadline, progress: &progress, using: &walkRandom)
            try await playAgain(actions, of: player, progress: &progress)
        }
        let walked = ContinuousClock.now - start
        let (findings, unconfirmed) = try await confirm(progress)
        return ExploreReport(
            app: options.app, steps: progress.taken, walks: progress.walks, states: progress.states.count, walkDuration: walked,
            findings: findings, unconfirmed: unconfirmed, map: progress.map, timeline: progress.timeline)
    }

    /// One walk in `player`'s session, from the root: actions chosen and played until the walk
    /// is long enough, the steps or the time run out, or the session ended. Returns the actions
    /// played; the player stays open.
    private func walk(
        _ player: SessionPlayer, until deadline: ContinuousClock.Instant, progress: inout ExploreProgress, using random: inout SeededGenerator
    ) async -> [ExploreAction] {
        progress.walks += 1
        if progress.walks == 1 {
            let root = player.description.apps.first { $0.name == options.app }?.rootScene
            progress.map = ExploreMap(description: player.description, app: options.app, root: root)
        }
        var actions: [ExploreAction] = []
        if let kind = player.topKind {
            progress.note(player.openingBreaches, kind: kind, actions: [])
            progress.map.reach(kind)
        }
        progress.states.insert(player.stateKey)
        while actions.count < options.walkLength, progress.taken < options.steps, !player.hasEnded, ContinuousClock.now < deadline {
            guard let action = choose(for: player, map: progress.map, accepted: progress.accepted, using: &random) else { break }
            let from = player.topKind ?? ""
            let problemsBefore = player.description.problemCount(in: player.topViewModel, kind: from)
            let offeredBefore = offeredCount(in: player.topViewModel, kind: from, description: player.description)
            let depthBefore = player.depth
            let outcome = await player.play(action)
            guard outcome.wasPlayed else { continue }
            // Data that took a problem away, made the screen offer more to choose (a search
            // that found places), or opened a screen (the flight that was tapped) is what a user
            // who knows the app would enter: kept, to enter again.
            if case .event(let name, let data?) = action.move,
                player.depth > depthBefore
                    || player.topKind == from
                        && (player.description.problemCount(in: player.topViewModel, kind: from) < problemsBefore
                            || offeredCount(in: player.topViewModel, kind: from, description: player.description) > offeredBefore)
            {
                progress.accept(data, of: name, at: from)
            }
            actions.append(action)
            progress.taken += 1
            progress.map.record(from: from, action: action, to: player.topKind ?? from, changed: outcome.changed)
            progress.states.insert(player.stateKey)
            progress.note(outcome.breaches, kind: from, actions: actions)
            progress.sampleCoverage()
        }
        return actions
    }

    /// How many ids a view model of `kind` shows for its events to name: the items it offers.
    private func offeredCount(in viewModel: JSONValue, kind: String, description: SessionDescription) -> Int {
        let identifiers = description.scenes[kind]?.identifiers ?? []
        return DataMaker.shownValues(in: viewModel).filter { identifiers.contains($0.key) }.reduce(0) { $0 + $1.value.count }
    }

    /// Closes the walk's session and, for every fourth walk, plays its steps again in a new one,
    /// which must give the same bytes (every walk would double the time): the session's clock
    /// drives its timers too (a feed's retry after a failed poll).
    private func playAgain(_ actions: [ExploreAction], of player: SessionPlayer, progress: inout ExploreProgress) async throws(EngineFailure) {
        let wire = player.wire
        let serverAnswers = player.serverAnswers
        await player.close()
        guard progress.walks % 4 == 1, !actions.isEmpty, !player.hasEnded else { return }
        let again = try await open(replaying: serverAnswers)
        for action in actions { _ = await again.play(action) }
        let replayed = again.wire
        await again.close()
        if let difference = WireDifference(wire, replayed) {
            let breach = Breach(invariant: .sameBytesOnReplay, message: difference.message)
            progress.note([breach], kind: actions.first?.sceneKind ?? "", actions: actions)
        }
    }

    /// Each breach found, shrunk to its shortest story: those that came back when it was played
    /// again, and those that did not.
    private func confirm(_ progress: ExploreProgress) async throws(EngineFailure) -> (findings: [Finding], unconfirmed: [Finding]) {
        var findings: [Finding] = []
        var unconfirmed: [Finding] = []
        var shrunkKeys: Set<String> = []
        for found in progress.findings {
            let shrunk = try await shrink(found)
            // Two breaches found at different scenes may shrink to one story at one scene: the
            // same bug, reported once.
            guard shrunkKeys.insert(shrunk.breach.invariant.rawValue + " " + shrunk.sceneKind).inserted else { continue }
            // A breach that does not come back when its story is played again hangs on timing
            // (a timer's render landing before or after an answer): said, not counted.
            if shrunk.reproduced { findings.append(shrunk) } else { unconfirmed.append(shrunk) }
        }
        return (findings, unconfirmed)
    }

    private func open(replaying: [(answer: JSONValue, isError: Bool)]? = nil) async throws(EngineFailure) -> SessionPlayer {
        try await SessionPlayer.open(
            target, app: options.app, now: options.now, settings: options.settings, perform: perform, schema: schema,
            serverErrors: options.serverErrors, appInvariants: options.appInvariants, replaying: replaying)
    }

    // MARK: - Choosing

    /// The next action on the top scene: its events (those never sent from it first), the back
    /// gesture, a clock move, a bus event of the app, or an answer to background work's HTTP.
    private func choose(
        for player: SessionPlayer, map: ExploreMap, accepted: [String: [String: [JSONValue]]], using random: inout SeededGenerator
    ) -> ExploreAction? {
        guard let kind = player.topKind else { return nil }
        let scene = player.description.scenes[kind]
        var moves: [(weight: Double, make: (inout SeededGenerator) -> ExploreAction.Move)] = []
        // Only ids come from the screen: other members (a title) are what the user types.
        let identifiers = scene?.identifiers ?? []
        let shown = DataMaker.shownValues(in: player.topViewModel).filter { identifiers.contains($0.key) }
        // A form with problems left is being filled, and so is a search that shows nothing to
        // choose yet where a search once found something: what worked is entered again, the
        // fields come before leaving, and the control a form enables, once enabled, is used.
        let searching = offeredCount(in: player.topViewModel, kind: kind, description: player.description) == 0 && !(accepted[kind]?.isEmpty ?? true)
        let filling = player.description.problemCount(in: player.topViewModel, kind: kind) > 0 || searching
        let steered = options.strategy == .steered
        for event in scene?.events ?? [] where !steered {
            moves.append((1, { random in
                .event(name: event.name, data: event.fields.isEmpty ? nil : DataMaker(today: player.today, shown: shown).object(event.fields, using: &random))
            }))
        }
        for event in scene?.events ?? [] where steered {
            let use = map.uses[kind]?[event.name]
            let fresh = (use?.sent ?? 0) == 0
            // An event that names an id the screen now shows (an item to open) is what a user
            // would tap; more so when it never changed anything before.
            let offered = event.fields.contains { $0["name"]?.stringValue.map { shown[$0] != nil } ?? false }
            var weight = (fresh ? 6.0 : 2.0) * (offered ? ((use?.changed ?? 0) == 0 ? 6 : 2) : 1)
            switch player.topViewModel[ExploreMap.enablingFlag(of: event.name)] {
            case .bool(true)?: weight *= (use?.changed ?? 0) == 0 ? 12 : 4
            case .bool(false)?: if !fresh { weight *= 0.3 }
            default: break
            }
            if filling, !event.fields.isEmpty { weight *= 2 }
            if filling, scene?.cancelEvents.contains(event.name) == true { weight *= 0.25 }
            let good = accepted[kind]?[event.name] ?? []
            let reuse = filling ? 0.85 : 0.5
            moves.append((weight, { random in
                if !good.isEmpty, Double.random(in: 0..<1, using: &random) < reuse {
                    return .event(name: event.name, data: good.randomElement(using: &random)!)
                }
                let maker = DataMaker(today: player.today, shown: shown)
                return .event(name: event.name, data: event.fields.isEmpty ? nil : maker.object(event.fields, using: &random))
            }))
        }
        if player.depth > 1 { moves.append((!steered ? 1 : filling ? 0.4 : 1.5, { _ in .back })) }
        moves.append((0.4, { random in .clock(seconds: [3_600, 86_400, 7 * 86_400, 400 * 86_400, -86_400].randomElement(using: &random)!) }))
        for bus in player.description.busEvents where bus.name.hasPrefix(options.app + ".") {
            moves.append((0.5, { random in .post(name: bus.name, payload: DataMaker(today: player.today, shown: shown).object(bus.fields, using: &random)) }))
        }
        if player.hasBackgroundEffects { moves.append((1, { _ in .answerBackground })) }
        if steered, player.allowsFaults, !options.faultOperations.isEmpty {
            let operations = options.faultOperations
            moves.append((0.25, { random in .fault(operation: operations.randomElement(using: &random)!) }))
        }
        let total = moves.reduce(0) { $0 + $1.weight }
        var pick = Double.random(in: 0..<total, using: &random)
        let chosen = moves.first { move in
            pick -= move.weight
            return pick < 0
        } ?? moves[moves.count - 1]
        let move = chosen.make(&random)
        // Most answers are the server's own; the rest are the faults servers have. A control a
        // filled form just enabled is answered by the server itself nine times in ten, so that
        // what lies behind it (an account's home, a booking) is reached, not only its failures.
        var submits = false
        if steered, case .event(let name, _) = move, player.topViewModel[ExploreMap.enablingFlag(of: name)] == .bool(true) { submits = true }
        let performed = submits ? 9 : 6
        // The errors the app declares of its servers (a sold-out flight) are given often while
        // a scene is still unreached, seldom once everything was.
        let unreached = map.kinds.contains { !map.reached.contains($0.kind) }
        let appErrorChance = unreached ? 0.3 : 0.05
        let answers: [EffectAnswer] = (0..<3).map { _ in
            if steered, !options.serverErrors.isEmpty, Double.random(in: 0..<1, using: &random) < appErrorChance { return .appError }
            return Int.random(in: 0..<10, using: &random) < performed
                ? .perform : [.serverError, .htmlPage, .transportError, .slowThenCancel].randomElement(using: &random)!
        }
        return ExploreAction(move: move, sceneKind: kind, answers: answers)
    }

    // MARK: - Shrinking

    /// The shortest story found that still breaks the finding's invariant: actions are taken
    /// out, halves first, then smaller runs, as long as the rest still breaks it.
    private func shrink(_ finding: Finding) async throws(EngineFailure) -> Finding {
        let start = ContinuousClock.now
        var story = finding.actions
        var played = 0
        var replay = try await reproduce(story, invariant: finding.breach.invariant)
        played += 1
        guard let first = replay else {
            // It did not break again: the finding stands as found, said so.
            return finding.shrunk(
                to: story, at: finding.sceneKind, steps: [], breach: finding.breach, replays: played, duration: ContinuousClock.now - start, reproduced: false)
        }
        var best = first
        story = Array(story.prefix(first.length))
        var size = max(1, story.count / 2)
        while size >= 1, played < options.shrinkBudget {
            var index = 0
            var removed = false
            while index < story.count, played < options.shrinkBudget {
                var candidate = story
                candidate.removeSubrange(index..<min(story.count, index + size))
                replay = try await reproduce(candidate, invariant: finding.breach.invariant)
                played += 1
                if let shorter = replay {
                    story = Array(candidate.prefix(shorter.length))
                    best = shorter
                    removed = true
                } else {
                    index += size
                }
            }
            if !removed { size /= 2 }
        }
        return finding.shrunk(
            to: story, at: story.last?.sceneKind ?? finding.sceneKind, steps: best.steps, breach: best.breach, replays: played,
            duration: ContinuousClock.now - start, reproduced: true)
    }

    /// A replay that broke an invariant: how many actions it took, its steps, and the breach.
    private struct Reproduction {
        let length: Int
        let steps: [StoryStep]
        let breach: Breach
    }

    /// Plays `actions` in a new session until `invariant` breaks; nil when it never does.
    private func reproduce(_ actions: [ExploreAction], invariant: Invariant) async throws(EngineFailure) -> Reproduction? {
        if invariant == .sameBytesOnReplay {
            let first = try await open()
            for action in actions { _ = await first.play(action) }
            await first.close()
            let second = try await open(replaying: first.serverAnswers)
            for action in actions { _ = await second.play(action) }
            await second.close()
            guard let difference = WireDifference(first.wire, second.wire) else { return nil }
            return Reproduction(length: actions.count, steps: first.steps, breach: Breach(invariant: invariant, message: difference.message))
        }
        let player = try await open()
        var reproduction: Reproduction?
        if let breach = player.openingBreaches.first(where: { $0.invariant == invariant }) {
            reproduction = Reproduction(length: 0, steps: player.steps, breach: breach)
        } else {
            for (index, action) in actions.enumerated() {
                let outcome = await player.play(action)
                if let breach = outcome.breaches.first(where: { $0.invariant == invariant }) {
                    reproduction = Reproduction(length: index + 1, steps: player.steps, breach: breach)
                    break
                }
                if player.hasEnded { break }
            }
        }
        await player.close()
        return reproduction
    }
}
