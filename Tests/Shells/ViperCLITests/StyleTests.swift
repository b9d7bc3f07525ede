import Foundation
import Testing

/// viper keeps the style rules it asks of the packages it makes (`StyleRules`).
struct StyleTests {
    @Test func viperFollowsItsOwnStyleRules() throws {
        let root = DocumentedSession.packageRoot
        let violations = try StyleRules(protocolRoots: [root.appendingPathComponent("Sources")]).violations(inPackage: root)
        #expect(violations == [], "\(violations.map(\.description).joined(separator: "\n"))")
    }
}
