import ViperJSON

/// A rule an app keeps whatever the user does, beside its contract ("seats left never go
/// below zero", "each ToDo is listed once"): `viper explore` checks it on every view model of
/// its scene that the engine renders, and shrinks a breach to its shortest story, as it does
/// for the protocol's own invariants; a transcript with `! check app-invariants` pins it.
///
/// Rules and invariants of this kind are what property-based testing calls the model's
/// invariants: properties of each state, whatever the steps that led there.
public struct AppInvariant: Sendable {
    /// Its name, the app's name first: `flights.seats-never-negative`.
    public let name: String
    /// What holds, in a sentence.
    public let summary: String
    /// The kind of the scene whose view models it checks.
    public let kind: SceneKind
    private let breach: @Sendable (JSONValue) -> String?

    /// A rule over the view models of `scene`: `breach` answers nil for a view model that
    /// keeps it, else what is wrong, naming the member.
    public init<Scene: SceneContract>(
        _ name: String, on scene: Scene.Type, summary: String, breach: @escaping @Sendable (Scene.ViewModel) -> String?
    ) {
        self.name = name
        self.summary = summary
        kind = Scene.kind
        self.breach = { value in
            // A view model that is not of the scene's shape breaks `valid-lines`, not this.
            guard let viewModel = try? JSONValueDecoder.decode(Scene.ViewModel.self, from: value) else { return nil }
            return breach(viewModel)
        }
    }

    /// What is wrong with `viewModel`, one of the scene's as the wire has it; nil when it keeps
    /// the rule.
    package func breach(of viewModel: JSONValue) -> String? {
        breach(viewModel)
    }
}
