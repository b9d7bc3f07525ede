import Synchronization

/// An app's scenes and bus events as `engine.describe` tells them, each described the first
/// time something asks, then kept for every session of the process.
///
/// Describing a scene runs the event decoder over its contract's types, and the Swift runtime
/// then looks up type metadata and protocol conformances by name. callgrind of a cold start
/// (`viper serve --db :memory:`, one `initialize`, exit; release build, static) counted 123
/// million instructions, 60 million of them describing every scene of every app as the apps were
/// registered, though `initialize` needs none of it (BENCHMARKS.md).
final class AppDescriptions: Sendable {
    private let sceneContracts: [any SceneContract.Type]
    private let busEventTypes: [any BusEvent.Type]
    private let scenesByKind = Mutex<[SceneKind: SceneDescription]>([:])
    private let busEventList = Mutex<[BusEventDescription]?>(nil)

    init(scenes: [any SceneContract.Type], busEvents: [any BusEvent.Type]) {
        sceneContracts = scenes
        busEventTypes = busEvents
    }

    /// Every scene, in the order the app lists them.
    var scenes: [SceneDescription] {
        sceneContracts.map { description(of: $0) }
    }

    /// The scene of kind `kind`, when the app registered one.
    func scene(ofKind kind: SceneKind) -> SceneDescription? {
        contract(ofKind: kind).map { description(of: $0) }
    }

    /// The contract of the scenes of kind `kind`, when the app registered one.
    func contract(ofKind kind: SceneKind) -> (any SceneContract.Type)? {
        sceneContracts.first { $0.kind == kind }
    }

    /// The bus events the app's modules subscribe to.
    var busEvents: [BusEventDescription] {
        busEventList.withLock { described in
            if let described { return described }
            let made = busEventTypes.map(BusEventDescription.init)
            described = made
            return made
        }
    }

    private func description(of contract: any SceneContract.Type) -> SceneDescription {
        if let known = scenesByKind.withLock({ $0[contract.kind] }) { return known }
        // Described outside the lock: two sessions may both describe a kind the first time,
        // and get equal descriptions, rather than wait for each other.
        let made = SceneDescription(contract)
        scenesByKind.withLock { $0[contract.kind] = made }
        return made
    }
}
