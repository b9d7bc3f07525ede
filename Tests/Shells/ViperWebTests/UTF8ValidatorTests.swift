import Testing

@testable import ViperWeb

@Suite("UTF-8 checked a fragment at a time")
struct UTF8ValidatorTests {
    private func valid(_ bytes: [UInt8], splitAt split: Int? = nil) -> Bool {
        var validator = UTF8Validator()
        if let split {
            return validator.add(bytes[..<split]) && validator.add(bytes[split...]) && validator.isComplete
        }
        return validator.add(bytes) && validator.isComplete
    }

    @Test("text of every width is UTF-8, however its bytes are split")
    func valid() {
        let text = Array("aé€😀 κόσμε".utf8)
        #expect(valid(text))
        for split in 0...text.count { #expect(valid(text, splitAt: split)) }
    }

    @Test(
        "what is not UTF-8 is refused: stray continuation bytes, overlong forms, surrogates, past U+10FFFF, bytes no form uses",
        arguments: [[0x80], [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xFF], [0xFE], [0xC2, 0x41]] as [[UInt8]])
    func invalid(bytes: [UInt8]) {
        var validator = UTF8Validator()
        let accepted = validator.add(bytes)
        #expect(!accepted)
    }

    @Test("a message that ends inside a character is not complete, and a refusal comes at the first bad byte")
    func incompleteAndFailFast() {
        var validator = UTF8Validator()
        let started = validator.add([0xE2, 0x82])
        #expect(started)
        #expect(!validator.isComplete)
        var failing = UTF8Validator()
        let refused = failing.add([0x41, 0xFF])
        let after = failing.add([0x41])
        #expect(!refused)
        #expect(!after, "once refused, it stays refused")
    }
}
