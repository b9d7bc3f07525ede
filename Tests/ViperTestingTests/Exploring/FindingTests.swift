import Testing
@testable import ViperTesting

/// The transcript a shrunk story is written as: a story that makes an operation fail on purpose
/// needs an engine that has `debug.injectFault`, and says so in its command line.
struct FindingTests {
    private func transcript(of lines: [String]) -> String {
        let breach = Breach(invariant: .noCrash, message: "the engine answered an internal error")
        let found = Finding(breach: breach, sceneKind: "todo.add", actions: [])
        let steps = lines.map { StoryStep(transcriptLine: $0, output: []) }
        return found.shrunk(to: [], at: "todo.add", steps: steps, breach: breach, replays: 1, duration: .zero, reproduced: true)
            .transcript(app: "todo", seed: 1, replay: "viper test story.transcript")
    }

    @Test func aStoryThatInjectsAFaultIsWrittenForAnEngineThatAllowsIt() {
        let text = transcript(of: [
            #"> view.event {"scene":"todo.list#1","event":"addTapped"}"#,
            #"> debug.injectFault {"message":"explore made todo.save fail","operation":"todo.save"}"#,
            #"> view.event {"scene":"todo.add#1","event":"saveTapped"}"#,
        ])
        #expect(text.contains("\n$ viper serve --enable-fault-injection\n! check no-crash\n"), "\(text)")
    }

    @Test func aStoryWithoutAFaultIsWrittenForAPlainEngine() {
        let text = transcript(of: [#"> view.event {"scene":"todo.list#1","event":"addTapped"}"#])
        #expect(text.contains("\n$ viper serve\n! check no-crash\n"), "\(text)")
    }
}
