/// A scene kind as `engine.describe` tells front ends about it: its events and view model,
/// learned from the contract's own types (`ShapeReader`).
public struct SceneDescription: Sendable, Equatable {
    /// The scene kind described (`todo.list`).
    public let kind: SceneKind
    /// The events the scene accepts, with the members of their data, in the order of the
    /// event enum's `CodingKeys`.
    public let events: [EventDescriptor]
    /// The members of the scene's view model, in the order the struct declares them.
    public let viewModel: [FieldDescriptor]
    /// What a View calls the scene and its parts, in the app's words.
    public let presentation: ScenePresentation

    /// The description of the scene `contract` specifies.
    ///
    /// A contract whose types cannot be described, or whose presentation gives roles to names
    /// the scene does not have, is a programming error of the app, found the first time any
    /// engine registers it, so every test of the app fails with this message.
    public init(_ contract: any SceneContract.Type) {
        do {
            (kind, events, viewModel) = try Self.describe(contract)
            presentation = contract.presentation
        } catch {
            preconditionFailure("cannot describe the scene \(contract.kind): \(error)")
        }
        let mistakes = presentation.roleMistakes(events: events, viewModel: viewModel)
        precondition(mistakes.isEmpty, "the presentation of the scene \(contract.kind) does not fit it: \(mistakes.joined(separator: "; "))")
    }

    private static func describe<Contract: SceneContract>(
        _ contract: Contract.Type
    ) throws -> (SceneKind, [EventDescriptor], [FieldDescriptor]) {
        let superseding = Set(Contract.supersedingEvents.map(\.stringValue))
        let events = try ShapeReader.events(of: Contract.Event.self).map { event in
            EventDescriptor(event.name, fields: event.fields, superseding: superseding.contains(event.name))
        }
        return (Contract.kind, events, try ShapeReader.members(of: Contract.ViewModel.self))
    }

    /// Whether the scene accepts an event named `name`.
    func acceptsEvent(named name: String) -> Bool {
        events.contains { $0.name == name }
    }
}
