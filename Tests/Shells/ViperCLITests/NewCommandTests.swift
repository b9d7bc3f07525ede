import Foundation
import Testing

/// `viper new`: a package of one's own apps, modules added to it, and bad input that writes
/// nothing.
struct NewCommandTests {
    @Test(arguments: ["1Greeter", "my-app", "Grüße", "self", ""])
    func aPackageNameThatIsNotASwiftTypeNameIsRefused(name: String) throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let run = try CommandRun.viper(["new", "package", name], in: folder.path)
        #expect(run.status != 0)
        #expect(run.errors.contains("is not a name for a package: use letters and digits, starting with a letter"), "\(run.errors)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test func aPackageIsNotMadeOverAnExistingFolder() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.path + "/Greeter", withIntermediateDirectories: false)
        let run = try CommandRun.viper(["new", "package", "Greeter"], in: folder.path)
        #expect(run.status != 0)
        #expect(run.errors.contains("\(folder.path)/Greeter already exists; choose another name, or remove it first"), "\(run.errors)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/Greeter").isEmpty)
    }

    @Test func aNewPackageHasItsAppCommandTestsAndTranscriptAndDependsOnThisCheckout() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let run = try CommandRun.viper(["new", "package", "Greeter"], in: folder.path)
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("next: cd \(folder.path)/Greeter && swift test && swift run greeter"), "\(run.output)")
        let files = Self.files(in: folder.path + "/Greeter")
        for file in [
            "Package.swift", "README.md", ".gitignore", "Sources/GreeterApp/GreeterApp.swift", "Sources/GreeterApp/AppScreens.swift",
            "Sources/GreeterApp/Home/HomeContract.swift", "Sources/GreeterApp/Home/HomeBuilder.swift", "Sources/GreeterApp/Home/HomePresenter.swift",
            "Sources/GreeterApp/Home/HomeInteractor.swift", "Sources/GreeterApp/Home/HomeRouter.swift", "Sources/GreeterCLI/Greeter.swift",
            "Tests/GreeterAppTests/Home/HomePresenterTests.swift", "Tests/GreeterCLITests/TranscriptTests.swift", "examples/greeter/home.transcript",
        ] {
            #expect(files.contains(file), "\(file) is missing: \(files)")
        }
        let manifest = try String(contentsOfFile: folder.path + "/Greeter/Package.swift", encoding: .utf8)
        let checkout = DocumentedSession.packageRoot.standardizedFileURL
        #expect(manifest.contains(".package(path: \"\(checkout.path)\", traits: [])"), "\(manifest)")
        #expect(manifest.contains(".product(name: \"ViperCommandLine\", package: \"\(checkout.lastPathComponent.lowercased())\")"), "\(manifest)")
        // No staging folder is left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["Greeter"])
    }

    @Test func aModuleAddsItsRolesTestsAndTranscriptAndItsScreenToTheHome() throws {
        let package = try Self.newPackage()
        defer { package.remove() }
        let run = try CommandRun.viper(["new", "module", "Settings", "--app", "greeter", "--vip", "--pushed"], in: package.path + "/Greeter")
        #expect(run.status == 0, "\(run.errors)")
        let files = Self.files(in: package.path + "/Greeter")
        for role in ["Contract", "Builder", "Presenter", "Interactor", "Router", "Assembly", "Flows", "View"] {
            #expect(files.contains("Sources/GreeterApp/Settings/Settings\(role).swift"), "\(role): \(files)")
        }
        #expect(files.contains("Tests/GreeterAppTests/Settings/SettingsInteractorTests.swift"))
        #expect(files.contains("examples/greeter/settings.transcript"))
        let screens = try String(contentsOfFile: package.path + "/Greeter/Sources/GreeterApp/AppScreens.swift", encoding: .utf8)
        #expect(screens.contains(#"("settings", { await $0.push(SettingsBuilder()) }),"#), "\(screens)")
        #expect(screens.contains("SettingsScene.self,"), "\(screens)")
    }

    @Test("a module that closes says its Close is a cancel, so a View that knows no app never makes it the main button")
    func aModuleThatClosesSaysWhatItsCloseMeans() throws {
        let package = try Self.newPackage()
        defer { package.remove() }
        let root = package.path + "/Greeter"
        #expect(try CommandRun.viper(["new", "module", "Settings", "--app", "greeter", "--pushed"], in: root).status == 0)
        let contract = try String(contentsOfFile: root + "/Sources/GreeterApp/Settings/SettingsContract.swift", encoding: .utf8)
        #expect(contract.contains(#"public static let presentation = ScenePresentation(eventRoles: ["closeTapped": .cancel])"#), "\(contract)")
        // The home closes nothing; its presentation names the screens' ids and titles only.
        let home = try String(contentsOfFile: root + "/Sources/GreeterApp/Home/HomeContract.swift", encoding: .utf8)
        #expect(home.contains(#"public static let presentation = ScenePresentation(roles: ["screen": .identifier, "title": .heading])"#), "\(home)")
        #expect(!home.contains("eventRoles"), "\(home)")
    }

    @Test func aModuleOfAnAppThatIsNotThereNamesTheAppsThatAre() throws {
        let package = try Self.newPackage()
        defer { package.remove() }
        let run = try CommandRun.viper(["new", "module", "Settings", "--app", "greetr"], in: package.path + "/Greeter")
        #expect(run.status != 0)
        #expect(run.errors.contains("no app named 'greetr' in \(package.path)/Greeter/Sources (its apps: greeter); pass one of them to --app"), "\(run.errors)")
    }

    @Test func aModuleOutsideAPackageSaysWhereToRunIt() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let run = try CommandRun.viper(["new", "module", "Settings", "--app", "greeter"], in: folder.path)
        #expect(run.status != 0)
        #expect(run.errors.contains("is not a Swift package (it has no Package.swift)"), "\(run.errors)")
    }

    @Test func aModuleThatExistsOrAHomeWithoutItsListsWritesNothing() throws {
        let package = try Self.newPackage()
        defer { package.remove() }
        let root = package.path + "/Greeter"
        #expect(try CommandRun.viper(["new", "module", "Settings", "--app", "greeter"], in: root).status == 0)
        let before = try Self.snapshot(of: root)

        let again = try CommandRun.viper(["new", "module", "Settings", "--app", "greeter", "--vip"], in: root)
        #expect(again.status != 0)
        #expect(again.errors.contains("already exists; choose another name, or remove it first"), "\(again.errors)")
        #expect(try Self.snapshot(of: root) == before)

        let screens = root + "/Sources/GreeterApp/AppScreens.swift"
        let edited = try String(contentsOfFile: screens, encoding: .utf8).replacingOccurrences(of: "static let scenes:", with: "static let kinds:")
        try edited.write(toFile: screens, atomically: true, encoding: .utf8)
        let unlisted = try Self.snapshot(of: root)
        let refused = try CommandRun.viper(["new", "module", "Profile", "--app", "greeter"], in: root)
        #expect(refused.status != 0)
        #expect(refused.errors.contains("lacks its `static let all` and `static let scenes` lists"), "\(refused.errors)")
        #expect(try Self.snapshot(of: root) == unlisted)
    }

    /// A temporary folder holding a new package named Greeter.
    static func newPackage() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        let run = try CommandRun.viper(["new", "package", "Greeter"], in: folder.path)
        try #require(run.status == 0, "\(run.errors)")
        return folder
    }

    /// The files under `root`, by path relative to it.
    private static func files(in root: String) -> [String] {
        (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? [])
            .filter { !$0.hasPrefix(".build") && !$0.hasSuffix("/") }
            .filter { path in
                var isFolder: ObjCBool = false
                _ = FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isFolder)
                return !isFolder.boolValue
            }
            .sorted()
    }

    /// Every file and folder under `root`, with each file's text.
    private static func snapshot(of root: String) throws -> [String: String] {
        var snapshot: [String: String] = [:]
        for path in FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? [] {
            snapshot[path] = (try? String(contentsOfFile: root + "/" + path, encoding: .utf8)) ?? "(folder)"
        }
        return snapshot
    }
}
