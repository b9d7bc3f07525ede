import Testing
import ViperJSON
@testable import ViperTypegen

/// What the typed Python client declares for a description: `TypedDict`s keyed by the wire's
/// names, scene classes whose methods send their events, and `start` typed by each app.
struct PythonWriterTests {
    private func module(_ description: JSONValue = ClientAPITests.description, package: String = "todo_client") throws -> String {
        let api = try ClientAPI(description: description, engine: "viper", version: "1.2.3")
        let files = try ClientLanguage.python.files(for: api, packageName: package)
        #expect(files.map(\.path) == ["README.md", "\(package)/__init__.py", "\(package)/_runtime.py", "\(package)/py.typed"])
        return try #require(files.first { $0.path.hasSuffix("__init__.py") }).contents
    }

    @Test func viewModelsAreTypedDictsOfTheWiresNames() throws {
        let module = try module()
        #expect(module.contains("""
            class TodoListSectionEntry(TypedDict):
                \"\"\"An element of `todo.list`'s view model.\"\"\"

                #: Role: identifier.
                id: str
                due: Day
            """))
        #expect(module.contains("    entries: List[TodoListSectionEntry]\n"))
        #expect(module.contains("    at: Optional[Instant]\n    count: int\n"))
        #expect(module.contains("from ._runtime import Day, Instant, Secret, SceneHandle, find, scene_of\n"))
    }

    @Test func eachKindIsAClassWhoseMethodsSendItsEvents() throws {
        let module = try module()
        #expect(module.contains("""
            class TodoAdd(SceneHandle):
                \"\"\"A live `todo.add` scene: its view model, and its events as methods.\"\"\"

                kind: ClassVar[str] = "todo.add"
            """), "\(module)")
        #expect(module.contains("""
                @property
                def view_model(self) -> TodoAddViewModel:
                    \"\"\"What the scene rendered last.\"\"\"
                    return cast(TodoAddViewModel, self._view_model())

                def title_changed(self, *, title: str) -> None:
                    \"\"\"`titleChanged`: Title. Superseding: a newer one cancels the one still running.\"\"\"
                    self._send("titleChanged", {"title": title})

                def save_tapped(self) -> None:
                    \"\"\"`saveTapped`.\"\"\"
                    self._send("saveTapped")
            """))
        #expect(module.contains("    def password_changed(self, *, password: Secret) -> None:\n"))
    }

    @Test func startIsOverloadedByAppWhenThereAreSeveral() throws {
        let module = try module()
        #expect(module.contains("@overload\ndef start(session: Session, app: Literal[\"todo\"]) -> TodoList: ...\n"))
        #expect(module.contains("@overload\ndef start(session: Session, app: Literal[\"login\"]) -> LoginForm: ...\n"))
        #expect(module.contains("def start(session: Session, app: str) -> SceneHandle:\n"))

        let one: JSONValue = [
            "apps": [["name": "a", "rootScene": "a", "scenes": ["a"]]],
            "scenes": [["kind": "a", "events": [], "viewModel": [["name": "on", "nullable": false, "type": "bool"]]]],
        ]
        let single = try self.module(one)
        #expect(single.contains("def start(session: Session, app: Literal[\"a\"]) -> A:\n"))
        #expect(!single.contains("overload"))
        #expect(single.contains("from typing import ClassVar, Dict, Literal, Mapping, Optional, Type, TypedDict, cast\n"))
        #expect(single.contains("from ._runtime import SceneHandle, find, scene_of\n"))
    }

    @Test func namesThatAreKeywordsOrNotPlainKeepTheirWireNames() throws {
        let description: JSONValue = [
            "apps": [["name": "a", "rootScene": "a", "scenes": ["a"]]],
            "scenes": [[
                "kind": "a", "events": [["name": "fromChanged", "data": [["name": "from", "nullable": false, "type": "string"]]]],
                "viewModel": [["name": "from", "nullable": false, "type": "string"], ["name": "x-y", "nullable": true, "type": "integer"]],
            ]],
        ]
        let module = try module(description)
        #expect(module.contains("AViewModel = TypedDict(\"AViewModel\", {\"from\": str, \"x-y\": Optional[int]})\n"))
        #expect(module.contains("    def from_changed(self, *, from_: str) -> None:\n"))
        #expect(module.contains("        self._send(\"fromChanged\", {\"from\": from_})\n"))
    }

    @Test(arguments: ["Viper_apps", "viper-apps", "1apps", "from", ""])
    func aPackageNamePythonRefusesIsRefusedHere(name: String) throws {
        let api = try ClientAPI(description: ClientAPITests.description, engine: "viper", version: "1")
        #expect(throws: TypegenError.notAPackageName(name, language: "python", example: "example_apps")) {
            try ClientLanguage.python.files(for: api, packageName: name)
        }
        #expect(ClientLanguage.python.defaultPackageName(command: "viper") == "viper_apps")
    }

    @Test func pythonStringsEscapeControlCharacters() {
        #expect(StringLiteral.python("a\"b\\c\nd\u{1}e") == #""a\"b\\c\nd\x01e""#)
    }
}
