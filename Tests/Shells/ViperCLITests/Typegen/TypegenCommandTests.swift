import Foundation
import Testing

/// `viper typegen`, run as a user runs it: the files it writes, `--check`, and what it refuses.
/// clients/typescript/run-tests compiles what it writes and plays stories through it.
struct TypegenCommandTests {
    @Test func writesTheSameTypeScriptClientTwiceAndChecksIt() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let first = try CommandRun.viper(["typegen", "--language", "typescript", "--out", "first"], in: folder.path)
        #expect(first.status == 0, "\(first.errors)")
        #expect(first.output == "Wrote 10 files to first: the typescript client of todo, accounts, news, weather, flights, chat.\n")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/first").sorted()
        #expect(files == ["README.md", "apps.d.ts", "apps.js", "index.d.ts", "index.js", "package.json", "protocol.d.ts", "protocol.js", "session.d.ts", "session.js"])

        let second = try CommandRun.viper(["typegen", "--language", "typescript", "--out", "second"], in: folder.path)
        #expect(second.status == 0, "\(second.errors)")
        for file in files {
            #expect(
                FileManager.default.contents(atPath: "\(folder.path)/first/\(file)") == FileManager.default.contents(atPath: "\(folder.path)/second/\(file)"),
                "\(file) is not the same bytes twice")
        }
        let check = try CommandRun.viper(["typegen", "--language", "typescript", "--out", "first", "--check"], in: folder.path)
        #expect(check.status == 0, "\(check.errors)")
        #expect(check.output == "first is the client this engine describes (10 files).\n")
    }

    @Test func theClientDeclaresEachSceneKindsViewModelAndEvents() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let run = try CommandRun.viper(["typegen", "--language", "typescript", "--out", "client"], in: folder.path)
        #expect(run.status == 0, "\(run.errors)")
        let declarations = try String(contentsOfFile: folder.path + "/client/apps.d.ts", encoding: .utf8)
        #expect(declarations.contains("""
            /** What `todo.add` (New ToDo) shows. */
            export interface TodoAddViewModel {
              readonly title: string;
              /** Due date. */
              readonly dueDate: Day | null;
              readonly saveEnabled: boolean;
              /** Role: problems. */
              readonly problems: readonly string[];
            }
            """), "\(declarations)")
        #expect(declarations.contains("""
            export interface TodoAddEvents {
              /** Title. */
              readonly titleChanged: TodoAddTitleChanged;
              /** Due date. */
              readonly dueDateChanged: TodoAddDueDateChanged;
              /** Save. */
              readonly saveTapped: null;
              /** Cancel. Role: cancel. */
              readonly cancelTapped: null;
            }
            """))
        #expect(declarations.contains("readonly sections: readonly TodoListSection[];"))
        #expect(declarations.contains("readonly items: readonly TodoListSectionItem[];"))
        #expect(declarations.contains("readonly password: Secret;"))
        #expect(declarations.contains("readonly publishedAt: Instant;"))
        let package = try String(contentsOfFile: folder.path + "/client/package.json", encoding: .utf8)
        #expect(package.contains(#""name": "viper-apps","#))
        #expect(package.contains(#""version": "0.1.0","#))
    }

    @Test func namedAppsAloneAreWrittenAndCheckNamesWhatAClientForFewerAppsLacks() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let run = try CommandRun.viper(["typegen", "--language", "typescript", "--out", "client", "--app", "todo", "--package-name", "todo-client"], in: folder.path)
        #expect(run.status == 0, "\(run.errors)")
        let declarations = try String(contentsOfFile: folder.path + "/client/apps.d.ts", encoding: .utf8)
        #expect(declarations.contains(#"export type AppName = "todo";"#))
        #expect(declarations.contains(#"export type SceneKind = "alert" | "todo.add" | "todo.list";"#))
        #expect(!declarations.contains("flights"))

        try FileManager.default.removeItem(atPath: folder.path + "/client/session.js")
        let check = try CommandRun.viper(["typegen", "--language", "typescript", "--out", "client", "--check"], in: folder.path)
        #expect(check.status == 1)
        #expect(check.output.isEmpty)
        #expect(check.errors.contains("viper typegen: client is not the client this engine describes:\n"), "\(check.errors)")
        for difference in ["  README.md differs\n", "  apps.d.ts differs\n", "  apps.js differs\n", "  package.json differs\n", "  session.js is missing\n"] {
            #expect(check.errors.contains(difference), "\(check.errors)")
        }
        #expect(!check.errors.contains("protocol.d.ts"))
        #expect(check.errors.contains("Write it again: viper typegen --language typescript --out client\n"))
    }

    @Test func anUnknownLanguageOrAppIsRefusedAndNothingIsWritten() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let language = try CommandRun.viper(["typegen", "--language", "cobol", "--out", "client"], in: folder.path)
        #expect(language.status != 0)
        #expect(language.errors.contains("--language must be one of typescript, kotlin, swift, python, not 'cobol'."), "\(language.errors)")
        let app = try CommandRun.viper(["typegen", "--language", "typescript", "--out", "client", "--app", "todos"], in: folder.path)
        #expect(app.status != 0)
        #expect(app.errors.contains("no app is named 'todos'; the apps: todo, accounts, news, weather, flights, chat."), "\(app.errors)")
        let missing = try CommandRun.viper(["typegen", "--out", "client"], in: folder.path)
        #expect(missing.status != 0)
        #expect(missing.errors.contains("Missing expected argument '--language <language>'"), "\(missing.errors)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/client"))
    }

    @Test func writesAKotlinSourceTreeInThePackageItIsGivenAndChecksIt() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let run = try CommandRun.viper(["typegen", "--language", "kotlin", "--out", "android", "--package-name", "com.example.apps"], in: folder.path)
        #expect(run.status == 0, "\(run.errors)")
        let sources = folder.path + "/android/src/main/kotlin/com/example/apps/"
        #expect(try FileManager.default.contentsOfDirectory(atPath: sources).sorted() == ["Apps.kt", "Protocol.kt", "Scenes.kt", "Session.kt"])
        let apps = try String(contentsOfFile: sources + "Apps.kt", encoding: .utf8)
        #expect(apps.hasPrefix("// Generated by `viper typegen --language kotlin` from viper 0.1.0. Do not edit: generate it again.\n\npackage com.example.apps\n"))
        #expect(apps.contains("""
            sealed class TodoAddEvent(wireName: String) : SceneEvent(wireName) {
                /** Title. */
                data class TitleChanged(val title: String) : TodoAddEvent("titleChanged") {
            """), "\(apps)")
        #expect(apps.contains("    val todo: App<TodoListViewModel, TodoListEvent> = App(\"todo\", SceneKinds.todoList)\n"))
        #expect(apps.contains("""
            sealed class FlightsSearchEvent(wireName: String) : SceneEvent(wireName) {
                /** From. */
                data class FromChanged(val code: String) : FlightsSearchEvent("fromChanged") {
            """), "\(apps)")
        #expect(apps.contains("    data class PassengersChanged(val count: Long) : FlightsSearchEvent(\"passengersChanged\") {\n"))
        #expect(try String(contentsOfFile: sources + "Session.kt", encoding: .utf8).contains("\npackage com.example.apps\n"))

        let check = try CommandRun.viper(["typegen", "--language", "kotlin", "--out", "android", "--package-name", "com.example.apps", "--check"], in: folder.path)
        #expect(check.status == 0, "\(check.errors)")
        let otherPackage = try CommandRun.viper(["typegen", "--language", "kotlin", "--out", "android", "--check"], in: folder.path)
        #expect(otherPackage.status == 1)
        #expect(otherPackage.errors.contains("  src/main/kotlin/viper/apps/Apps.kt is missing\n"), "\(otherPackage.errors)")
    }

    @Test func aKotlinPackageNameThatIsNotOneIsRefused() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let run = try CommandRun.viper(["typegen", "--language", "kotlin", "--out", "android", "--package-name", "com.example.viper-apps"], in: folder.path)
        #expect(run.status != 0)
        #expect(run.errors.contains("'com.example.viper-apps' is not a kotlin package name; give --package-name one such as com.example.apps"), "\(run.errors)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/android"))
    }

    @Test func writesASwiftPackageOfItsOwnModuleAndChecksIt() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let run = try CommandRun.viper(["typegen", "--language", "swift", "--out", "ios", "--app", "todo"], in: folder.path)
        #expect(run.status == 0, "\(run.errors)")
        let sources = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/ios/Sources/ViperApps")
        #expect(sources.count == 25, "\(sources.sorted())")
        for file in ["Apps.swift", "ViperSession.swift", "Transport.swift", "SceneKind.swift", "Day.swift", "InitializeParams.swift", "ViperError.swift"] {
            #expect(sources.contains(file), "\(file) is missing: \(sources.sorted())")
        }
        let package = try String(contentsOfFile: folder.path + "/ios/Package.swift", encoding: .utf8)
        #expect(package.hasPrefix("// swift-tools-version: 5.9\n"))
        #expect(package.contains("products: [.library(name: \"ViperApps\", targets: [\"ViperApps\"])],"))
        let apps = try String(contentsOfFile: folder.path + "/ios/Sources/ViperApps/Apps.swift", encoding: .utf8)
        #expect(apps.contains("""
            /// `todo.add`: New ToDo.
            public enum TodoAdd: SceneKind {
                public typealias ViewModel = TodoAddViewModel
                public typealias Event = TodoAddEvent
                public static let name = "todo.add"
            """), "\(apps)")
        #expect(apps.contains("""
            public enum TodoAddEvent: SceneEvent {
                /// Title.
                case titleChanged(title: String)
                /// Due date.
                case dueDateChanged(dueDate: Day?)
            """))
        #expect(apps.contains("    public static let todo = AppEntry<TodoList>(name: \"todo\")\n"))
        #expect(!apps.contains("Flights"))

        let check = try CommandRun.viper(["typegen", "--language", "swift", "--out", "ios", "--app", "todo", "--check"], in: folder.path)
        #expect(check.status == 0, "\(check.errors)")
        let module = try CommandRun.viper(["typegen", "--language", "swift", "--out", "ios", "--package-name", "My-Apps"], in: folder.path)
        #expect(module.status != 0)
        #expect(module.errors.contains("'My-Apps' is not a swift package name; give --package-name one such as ExampleApps"), "\(module.errors)")
    }

    @Test func writesATypedPythonPackageOverThePythonClient() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let run = try CommandRun.viper(["typegen", "--language", "python", "--out", "tools", "--app", "flights"], in: folder.path)
        #expect(run.status == 0, "\(run.errors)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/tools/viper_apps").sorted() == ["__init__.py", "_runtime.py", "py.typed"])
        let module = try String(contentsOfFile: folder.path + "/tools/viper_apps/__init__.py", encoding: .utf8)
        #expect(module.contains("""
            FlightsSearchViewModel = TypedDict("FlightsSearchViewModel", {"from": str, "to": str, "date": Optional[Day], "passengers": int, "searchEnabled": bool, "problems": List[str]})
            """), "\(module)")
        #expect(module.contains("    def passengers_changed(self, *, count: int) -> None:\n"))
        #expect(module.contains("def start(session: Session, app: Literal[\"flights\"]) -> FlightsSearch:\n"))
        let check = try CommandRun.viper(["typegen", "--language", "python", "--out", "tools", "--app", "flights", "--check"], in: folder.path)
        #expect(check.status == 0, "\(check.errors)")
    }
}
