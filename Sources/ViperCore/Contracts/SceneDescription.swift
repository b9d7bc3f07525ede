/// A scene kind as `engine.describe` tells front ends about it: its events and view model.
public struct SceneDescription: Sendable, Equatable {
    public let kind: SceneKind
    /// The events the scene accepts, with the members of their data.
    public let events: [EventDescriptor]
    /// The members of the scene's view model.
    public let viewModel: [FieldDescriptor]

    /// The description of the scene `contract` specifies.
    public init(_ contract: any SceneContract.Type) {
        kind = contract.kind
        events = Self.events(of: contract)
        viewModel = Self.viewModelFields(of: contract)
    }

    private static func events<Contract: SceneContract>(of contract: Contract.Type) -> [EventDescriptor] {
        Contract.Event.descriptors
    }

    private static func viewModelFields<Contract: SceneContract>(of contract: Contract.Type) -> [FieldDescriptor] {
        Contract.ViewModel.fields
    }
}
