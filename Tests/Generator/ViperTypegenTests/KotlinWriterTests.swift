import Foundation
import Testing
import ViperJSON
@testable import ViperTypegen

/// What the Kotlin client declares for a description: data classes that read and write the
/// engine's JSON, sealed events, and the kinds with their words.
struct KotlinWriterTests {
    private func apps(_ description: JSONValue = ClientAPITests.description, package: String = "com.example.apps") throws -> String {
        let api = try ClientAPI(description: description, engine: "viper", version: "1.2.3")
        let files = try ClientLanguage.kotlin.files(for: api, packageName: package)
        #expect(files.map(\.path) == [
            "README.md", "src/main/kotlin/\(package.replacingOccurrences(of: ".", with: "/"))/Apps.kt",
            "src/main/kotlin/\(package.replacingOccurrences(of: ".", with: "/"))/Protocol.kt",
            "src/main/kotlin/\(package.replacingOccurrences(of: ".", with: "/"))/Scenes.kt",
            "src/main/kotlin/\(package.replacingOccurrences(of: ".", with: "/"))/Session.kt",
        ])
        for file in files where file.path.hasSuffix(".kt") {
            #expect(file.contents.contains("\npackage \(package)\n"), "\(file.path)")
            #expect(!file.contents.contains("PACKAGE"), "\(file.path)")
        }
        return try #require(files.first { $0.path.hasSuffix("Apps.kt") }).contents
    }

    @Test func viewModelsReadAndWriteEveryTypeOfTheWire() throws {
        let apps = try apps()
        #expect(apps.contains("""
            data class LoginFormViewModel(
                val at: OffsetDateTime?,
                val count: Long
            ) {
            """))
        #expect(apps.contains("            at = if (json.isNull(\"at\")) null else WireTime.instant(json.getString(\"at\")),\n"))
        #expect(apps.contains("        .put(\"at\", at?.let { it1 -> WireTime.text(it1) } ?: JSONObject.NULL)\n"))
        #expect(apps.contains(
            "            entries = json.getJSONArray(\"entries\").let { array1 -> List(array1.length()) { index1 -> TodoListSectionEntry.fromJson(array1.getJSONObject(index1)) } }"
        ))
        #expect(apps.contains("        .put(\"entries\", JSONArray(entries.map { item1 -> item1.toJson() }))\n"))
        #expect(apps.contains("            due = WireTime.day(json.getString(\"due\"))\n"))
    }

    @Test func eachKindsEventsAreASealedClassWithTheirData() throws {
        let apps = try apps()
        #expect(apps.contains("""
            sealed class TodoAddEvent(wireName: String) : SceneEvent(wireName) {
                /** Title. Superseding: a newer one cancels the one still running. */
                data class TitleChanged(val title: String) : TodoAddEvent("titleChanged") {
                    override fun wireData(): JSONObject = JSONObject()
                        .put("title", title)
                }

                object SaveTapped : TodoAddEvent("saveTapped")
            }
            """), "\(apps)")
        #expect(apps.contains("data class PasswordChanged(val password: Secret) : LoginFormEvent(\"passwordChanged\")"))
    }

    @Test func kindsAndAppsCarryTheirWords() throws {
        let apps = try apps()
        #expect(apps.contains("""
                /** ToDos. */
                val todoList: SceneKind<TodoListViewModel, TodoListEvent> = SceneKind(
                    "todo.list", "ToDos", "Nothing to do.",
                    mapOf("addTapped" to "Add a ToDo"),
                    mapOf("id" to "identifier", "state" to "state"),
                    mapOf("state" to mapOf("failed" to "bad"))
                ) { TodoListViewModel.fromJson(it) }
            """))
        #expect(apps.contains("    /** ToDo: Things to do. */\n    val todo: App<TodoListViewModel, TodoListEvent> = App(\"todo\", SceneKinds.todoList)\n"))
        #expect(apps.contains("    val login: App<LoginFormViewModel, LoginFormEvent> = App(\"login\", SceneKinds.loginForm)\n"))
    }

    @Test func namesThatAreKeywordsOrNotPlainGoInBackticksAndDollarsAreEscaped() throws {
        let description: JSONValue = [
            "apps": [["name": "in", "rootScene": "a", "scenes": ["a"]]],
            "scenes": [[
                "kind": "a", "title": "Costs $5", "events": [["name": "go", "data": [["name": "object", "nullable": false, "type": "string"]]]],
                "viewModel": [["name": "when", "nullable": false, "type": "bool"], ["name": "x-y", "nullable": false, "type": "bool"]],
            ]],
        ]
        let apps = try apps(description)
        #expect(apps.contains("    val `when`: Boolean,\n    val `x-y`: Boolean\n"))
        #expect(apps.contains("data class Go(val `object`: String)"))
        #expect(apps.contains("    val `in`: App<AViewModel, AEvent> = App(\"in\", SceneKinds.a)\n"))
        #expect(apps.contains("\"a\", \"Costs \\$5\", null,"))
    }

    @Test(arguments: ["com.example.viper-apps", "Com.example", "com..example", "com.example.in", ""])
    func aPackageNameThatKotlinRefusesIsRefusedHere(name: String) throws {
        let api = try ClientAPI(description: ClientAPITests.description, engine: "viper", version: "1")
        #expect(throws: TypegenError.notAPackageName(name, language: "kotlin", example: "com.example.apps")) {
            try ClientLanguage.kotlin.files(for: api, packageName: name)
        }
    }

    @Test func theDefaultPackageIsTheCommandsOwn() {
        #expect(ClientLanguage.kotlin.defaultPackageName(command: "viper") == "viper.apps")
        #expect(ClientLanguage.kotlin.defaultPackageName(command: "My-Tool") == "mytool.apps")
        #expect(ClientLanguage.kotlin.defaultPackageName(command: "3d") == "app3d.apps")
        #expect(ClientLanguage.typescript.defaultPackageName(command: "greeter") == "greeter-apps")
    }
}
