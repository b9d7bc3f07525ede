import ViperJSON

/// The live scenes of a session, bottom first, and how many of each kind it has opened, which
/// numbers the ids of new ones (`todo.add#2`).
///
/// It knows nothing of modules' lifecycles: the session takes scenes off and tells their
/// modules.
struct LiveSceneStack {
    private var scenes: [LiveScene] = []
    private var opened: [SceneKind: Int] = [:]

    /// The live scenes, bottom first.
    var all: [LiveScene] { scenes }
    var top: LiveScene? { scenes.last }
    var root: LiveScene? { scenes.first }
    var isEmpty: Bool { scenes.isEmpty }
    /// The ids of the live scenes as the wire spells them, bottom first.
    var names: [String] { scenes.map(\.name) }

    /// How many scenes of each kind were opened, by kind: what a resumed session continues from.
    var openedCounts: [String: Int] {
        get { Dictionary(uniqueKeysWithValues: opened.map { ($0.key.rawValue, $0.value) }) }
        set { opened = Dictionary(uniqueKeysWithValues: newValue.map { (SceneKind(rawValue: $0.key), $0.value) }) }
    }

    /// The id of the next scene of `kind`.
    mutating func nextID(of kind: SceneKind) -> SceneID {
        let number = opened[kind, default: 0] + 1
        opened[kind] = number
        return SceneID(kind: kind, number: number)
    }

    func contains(_ id: SceneID) -> Bool {
        scenes.contains { $0.id == id }
    }

    func scene(withID id: SceneID) -> LiveScene? {
        scenes.first { $0.id == id }
    }

    /// The live scene whose id the View spelled `name`.
    func scene(named name: String) -> LiveScene? {
        scenes.first { $0.name == name }
    }

    /// Where `id` stands from the bottom, when it is live.
    func position(of id: SceneID) -> Int? {
        scenes.firstIndex { $0.id == id }
    }

    /// Where the scene the View spelled `name` stands from the bottom, when it is live.
    func position(named name: String) -> Int? {
        scenes.firstIndex { $0.name == name }
    }

    /// The position of each live scene, by id: the order in which the bus reaches them.
    var positions: [SceneID: Int] {
        Dictionary(uniqueKeysWithValues: scenes.enumerated().map { ($1.id, $0) })
    }

    mutating func push(_ scene: LiveScene) {
        scenes.append(scene)
    }

    /// Empties the stack, returning the scenes it held, bottom first.
    mutating func removeAll() -> [LiveScene] {
        defer { scenes.removeAll() }
        return scenes
    }

    /// Takes the top scene off.
    mutating func pop() -> LiveScene? {
        scenes.popLast()
    }

    /// Records what the scene at `position` shows now.
    mutating func setViewModel(_ viewModel: RawJSON, at position: Int) {
        scenes[position].viewModel = viewModel
    }
}
