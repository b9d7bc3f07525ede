import Testing
import ViperJSON
@testable import ViperTypegen

/// How `engine.describe`'s answer becomes a client's types and their names.
struct ClientAPITests {
    /// Two apps sharing `alert`: a list of sections of items, a form with a nullable day and a
    /// secret, and an event with data of its own.
    static let description: JSONValue = [
        "apps": [
            ["name": "todo", "rootScene": "todo.list", "scenes": ["todo.list", "todo.add", "alert"], "title": "ToDo", "summary": "Things to do."],
            ["name": "login", "rootScene": "login.form", "scenes": ["login.form", "alert"]],
        ],
        "scenes": [
            [
                "kind": "todo.list", "title": "ToDos", "emptyText": "Nothing to do.",
                "labels": ["addTapped": "Add a ToDo"], "roles": ["id": "identifier", "state": "state"],
                "tones": ["state": ["failed": "bad"]],
                "events": [["name": "addTapped", "data": []]],
                "viewModel": [
                    ["name": "state", "nullable": false, "type": "string"],
                    ["name": "sections", "nullable": false, "type": "array", "items": ["type": "object", "fields": [
                        ["name": "title", "nullable": false, "type": "string"],
                        ["name": "entries", "nullable": false, "type": "array", "items": ["type": "object", "fields": [
                            ["name": "id", "nullable": false, "type": "string"],
                            ["name": "due", "nullable": false, "type": "day"],
                        ]]],
                    ]]],
                ],
            ],
            [
                "kind": "todo.add",
                "labels": ["titleChanged": "Title"],
                "events": [
                    ["name": "titleChanged", "data": [["name": "title", "nullable": false, "type": "string"]], "superseding": true],
                    ["name": "saveTapped", "data": []],
                ],
                "viewModel": [
                    ["name": "title", "nullable": false, "type": "string"],
                    ["name": "dueDate", "nullable": true, "type": "day"],
                ],
            ],
            [
                "kind": "login.form",
                "events": [["name": "passwordChanged", "data": [["name": "password", "nullable": false, "type": "secret"]]]],
                "viewModel": [["name": "at", "nullable": true, "type": "instant"], ["name": "count", "nullable": false, "type": "integer"]],
            ],
            [
                "kind": "alert",
                "events": [["name": "dismissTapped", "data": []]],
                "viewModel": [["name": "message", "nullable": false, "type": "string"]],
            ],
        ],
    ]

    @Test func scenesAreSortedByKindAndNamedAfterIt() throws {
        let api = try ClientAPI(description: Self.description, engine: "viper", version: "1.2.3")
        #expect(api.scenes.map(\.kind) == ["alert", "login.form", "todo.add", "todo.list"])
        #expect(api.scenes.map(\.typeName) == ["Alert", "LoginForm", "TodoAdd", "TodoList"])
        #expect(api.scenes.map(\.viewModel.typeName) == ["AlertViewModel", "LoginFormViewModel", "TodoAddViewModel", "TodoListViewModel"])
        #expect(api.apps.map(\.name) == ["todo", "login"])
        #expect(api.apps[0] == ClientApp(name: "todo", title: "ToDo", summary: "Things to do.", rootScene: "todo.list", scenes: ["todo.list", "todo.add", "alert"]))
        #expect(api.apps[1].title == nil)
    }

    @Test func nestedObjectsAreTypesNamedAfterTheirPathInTheSingular() throws {
        let list = try #require(try ClientAPI(description: Self.description, engine: "viper", version: "1").scenes.last)
        guard case .array(.record(let section)) = list.viewModel.fields[1].type else {
            Issue.record("sections is not a list of records: \(list.viewModel.fields[1].type)")
            return
        }
        #expect(section.typeName == "TodoListSection")
        guard case .array(.record(let entry)) = section.fields[1].type else {
            Issue.record("entries is not a list of records")
            return
        }
        #expect(entry.typeName == "TodoListSectionEntry")
        #expect(entry.fields == [
            ClientField(name: "id", type: .string, isNullable: false, label: nil, role: "identifier"),
            ClientField(name: "due", type: .day, isNullable: false, label: nil, role: nil),
        ])
        #expect(list.viewModel.nestedRecords.map(\.typeName) == ["TodoListSectionEntry", "TodoListSection"])
        #expect(list.tones == ["state": ["failed": "bad"]])
        #expect(list.emptyText == "Nothing to do.")
    }

    @Test func eventsCarryTheirDataWordsAndSuperseding() throws {
        let add = try ClientAPI(description: Self.description, engine: "viper", version: "1").scenes[2]
        #expect(add.events.map(\.name) == ["titleChanged", "saveTapped"])
        #expect(add.events[0].data == ClientRecord(typeName: "TodoAddTitleChanged", fields: [ClientField(name: "title", type: .string, isNullable: false, label: nil, role: nil)]))
        #expect(add.events[0].isSuperseding && add.events[0].label == "Title" && add.events[0].hasData)
        #expect(!add.events[1].hasData && !add.events[1].isSuperseding)
        #expect(add.viewModel.fields[1] == ClientField(name: "dueDate", type: .day, isNullable: true, label: nil, role: nil))
    }

    @Test func keepingAppsKeepsTheirScenesAlone() throws {
        let api = try ClientAPI(description: Self.description, engine: "viper", version: "1").keeping(apps: ["login"])
        #expect(api.apps.map(\.name) == ["login"])
        #expect(api.scenes.map(\.kind) == ["alert", "login.form"])
    }

    @Test func aDescriptionThatIsNotOneNamesWhereItIsWrong() {
        #expect(throws: TypegenError.notADescription("result.apps", "missing, or not an array")) {
            try ClientAPI(description: ["scenes": []], engine: "viper", version: "1")
        }
        #expect(throws: TypegenError.notADescription("result.scenes[0].viewModel[0].type", "'money' is no type this generator knows; update viper")) {
            try ClientAPI(
                description: ["apps": [], "scenes": [["kind": "a", "events": [], "viewModel": [["name": "x", "nullable": false, "type": "money"]]]]],
                engine: "viper", version: "1")
        }
    }

    @Test func twoKindsThatMakeOneTypeNameAreRefused() {
        let scene: (String) -> JSONValue = { kind in ["kind": .string(kind), "events": [], "viewModel": []] }
        #expect(throws: TypegenError.sameTypeName("TodoAdd", "the scene kind todo.add", "the scene kind todo_add")) {
            try ClientAPI(description: ["apps": [], "scenes": [scene("todo.add"), scene("todo_add")]], engine: "viper", version: "1")
        }
    }

    @Test(arguments: [
        ("sections", "section"), ("entries", "entry"), ("days", "day"), ("news", "newsItem"), ("address", "addressItem"),
        ("status", "statusItem"), ("s", "sItem"),
    ])
    func aListsElementIsNamedInTheSingular(plural: String, singular: String) {
        #expect(TypeNames.singular(plural) == singular)
    }

    @Test(arguments: [("todo.add", "TodoAdd"), ("alert", "Alert"), ("weather-detail", "WeatherDetail"), ("3d.view", "_3dView"), ("", "_")])
    func kindsAndNamesBecomePascalCase(wire: String, type: String) {
        #expect(TypeNames.pascalCase(wire) == type)
    }
}
