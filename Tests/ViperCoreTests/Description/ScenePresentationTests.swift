import Testing

@testable import ViperCore

/// A presentation's roles name the scene's own members and events, so that a typo cannot leave a
/// member drawn as something it is not.
struct ScenePresentationTests {
    private let events = [EventDescriptor("cancelTapped"), EventDescriptor("rowTapped", fields: [FieldDescriptor("rowId", .string)])]
    private let viewModel = [
        FieldDescriptor("state", .string),
        FieldDescriptor("rows", .array(.object([FieldDescriptor("rowId", .string), FieldDescriptor("isMine", .bool)]))),
        FieldDescriptor("current", .object([FieldDescriptor("note", .string)]), nullable: true),
    ]

    @Test("roles may name members at any depth, in lists and objects, and events")
    func rolesThatFit() {
        let presentation = ScenePresentation(
            roles: ["state": .state(tones: ["loading": .busy]), "rowId": .identifier, "isMine": .mine, "note": .longText],
            eventRoles: ["cancelTapped": .cancel, "rowTapped": .secondary])
        #expect(presentation.roleMistakes(events: events, viewModel: viewModel) == [])
    }

    @Test("a role for a name the scene lacks, or of the other kind, or two roles for one name, is a mistake")
    func rolesThatDoNotFit() {
        let presentation = ScenePresentation(
            roles: ["stat": .state(tones: [:]), "cancelTapped": .error, "rowId": .identifier],
            eventRoles: ["isMine": .danger, "rowTapped": .cancel, "rowId": .secondary])
        #expect(presentation.roleMistakes(events: events, viewModel: viewModel) == [
            "the role of 'cancelTapped' names no member of the view model",
            "the role of 'stat' names no member of the view model",
            "the role of 'isMine' names no event",
            "the role of 'rowId' names no event",
            "'rowId' has a member role and an event role; the wire carries one role per name",
        ])
    }

    @Test("every role's wire name is the schema's, and each is different")
    func wireNames() {
        let roles: [MemberRole] = [
            .heading, .identifier, .hidden, .error, .warning, .state(tones: [:]), .busy, .longText, .caption, .count, .mine, .available, .problems,
        ]
        #expect(roles.map(\.wireName) == MemberRole.wireNames)
        #expect(Set(MemberRole.wireNames + EventRole.allCases.map(\.rawValue)).count == MemberRole.wireNames.count + EventRole.allCases.count)
    }
}
