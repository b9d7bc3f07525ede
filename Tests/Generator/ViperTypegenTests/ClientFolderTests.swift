import Foundation
import Testing
import ViperTypegen

/// Writing a client into its folder, and telling what in a folder is not the client.
struct ClientFolderTests {
    @Test func writesFilesInFoldersItMakesAndNamesWhatDiffers() throws {
        let path = NSTemporaryDirectory() + "viper-typegen-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let folder = ClientFolder(path: path + "/client")
        let files = [GeneratedFile(path: "a.js", contents: "a\n"), GeneratedFile(path: "src/b.ts", contents: "b\n")]
        #expect(folder.differences(from: files) == ["a.js is missing", "src/b.ts is missing"])

        try folder.write(files)
        #expect(folder.differences(from: files).isEmpty)
        #expect(FileManager.default.contents(atPath: path + "/client/src/b.ts") == Data("b\n".utf8))

        try Data("own\n".utf8).write(to: URL(fileURLWithPath: path + "/client/own.txt"))
        try Data("a, edited\n".utf8).write(to: URL(fileURLWithPath: path + "/client/a.js"))
        #expect(folder.differences(from: files) == ["a.js differs"])
        try folder.write(files)
        #expect(folder.differences(from: files).isEmpty)
        #expect(FileManager.default.contents(atPath: path + "/client/own.txt") == Data("own\n".utf8), "the folder's own files stay")
    }

    @Test func aFolderThatCannotBeMadeIsNamed() throws {
        let path = NSTemporaryDirectory() + "viper-typegen-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data().write(to: URL(fileURLWithPath: path))
        #expect(throws: TypegenError.self) {
            try ClientFolder(path: path + "/client").write([GeneratedFile(path: "a.js", contents: "")])
        }
    }
}
