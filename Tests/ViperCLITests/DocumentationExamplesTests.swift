import CustomDump
import Testing

/// The sessions shown in protocol.md and README.md are what the engine really says.
struct DocumentationExamplesTests {
    static let sessions = DocumentedSession.all(in: ["protocol.md", "README.md"])

    @Test func theDocumentationShowsSessions() {
        #expect(Self.sessions.count >= 5)
        #expect(Self.sessions.allSatisfy { !$0.requests.isEmpty && !$0.expectedOutput.isEmpty })
    }

    @Test(arguments: sessions)
    func theEngineAnswersTheDocumentedSessionLineForLine(session: DocumentedSession) throws {
        let (output, status) = try session.run()
        expectNoDifference(output, session.expectedOutput)
        #expect(status == 0)
    }
}
