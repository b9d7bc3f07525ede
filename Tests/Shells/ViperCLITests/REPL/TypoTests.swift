import Testing

@testable import ViperCommandLine

struct TypoTests {
    @Test("One slip in a short word, two in a longer one; more is a different word")
    func tolerance() {
        #expect(Typo.closest(to: "bck", in: ["back", "stack"]) == "back")
        #expect(Typo.closest(to: "bk", in: ["back"]) == nil)
        #expect(Typo.closest(to: "strat", in: REPLCommandLine.commandNames) == "start")
        #expect(Typo.closest(to: "addTaped", in: ["addTapped", "saveTapped"]) == "addTapped")
        #expect(Typo.closest(to: "deleteEverything", in: REPLCommandLine.commandNames) == nil)
    }

    @Test("Case does not count, and the nearest candidate wins")
    func nearest() {
        #expect(Typo.closest(to: "SHOW", in: ["show"]) == "show")
        #expect(Typo.closest(to: "staks", in: ["stack", "stacks"]) == "stacks")
        #expect(Typo.closest(to: "anything", in: []) == nil)
    }

    @Test("A mistake names the candidate, or says nothing")
    func didYouMean() {
        #expect(Typo.didYouMean("strat", in: ["start"]) == " (did you mean start?)")
        #expect(Typo.didYouMean("xyzzy", in: ["start"]) == "")
    }
}
