@testable import ViperCommandLine

extension SceneCatalog {
    /// What `engine.describe` says of the ToDo app, the alert and Chat's bus event, in the
    /// shape the REPL keeps it: the fixture of the screen and completion tests.
    static let sample = SceneCatalog(
        apps: ["todo"],
        events: [
            "todo.list": [.init(name: "addTapped", fields: [])],
            "todo.add": [
                .init(name: "titleChanged", fields: [.init(name: "title", type: "string", isNullable: false)]),
                .init(name: "dueDateChanged", fields: [.init(name: "dueDate", type: "day", isNullable: true)]),
                .init(name: "saveTapped", fields: []),
                .init(name: "cancelTapped", fields: []),
            ],
            "alert": [.init(name: "dismissTapped", fields: [])],
        ],
        viewModelMembers: [
            "todo.list": ["": ["isEmpty", "sections"], "sections": ["kind", "title", "items"], "sections.items": ["id", "title", "dueDate", "dueDay"]],
            "todo.add": ["": ["title", "dueDate", "saveEnabled", "problems"]],
            "alert": ["": ["title", "message", "actions"]],
        ],
        notifications: [
            .init(name: "chat.messageReceived", fields: [
                .init(name: "text", type: "string", isNullable: false), .init(name: "sentAt", type: "instant", isNullable: false),
            ]),
        ])
}
