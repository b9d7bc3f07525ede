import Foundation
import Testing

@Test func theViperExecutableIsBuiltBesideTheTests() {
    #expect(FileManager.default.isExecutableFile(atPath: ViperBinary.path), "no executable at \(ViperBinary.path)")
}
