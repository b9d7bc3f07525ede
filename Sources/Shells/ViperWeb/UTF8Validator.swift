/// Checks UTF-8 as it arrives, a fragment at a time, so that a text message is refused at the
/// first byte that cannot begin or continue a character (RFC 6455 §8.1: fail the connection as
/// soon as invalid UTF-8 is seen), not only once the whole message has come.
///
/// Björn Höhrmann's DFA (<https://bjoern.hoehrmann.de/utf-8/decoder/dfa/>): one table lookup per
/// byte, which rejects overlong forms, surrogates and code points past U+10FFFF.
struct UTF8Validator {
    /// Where the bytes so far leave a character: 0 between characters, 12 once a byte came that
    /// no character can hold, other values inside one.
    private var state: UInt8 = Self.accept

    private static let accept: UInt8 = 0
    private static let reject: UInt8 = 12

    /// Reads `bytes`; false once anything read so far cannot be UTF-8.
    mutating func add<Bytes: Sequence>(_ bytes: Bytes) -> Bool where Bytes.Element == UInt8 {
        var state = self.state
        for byte in bytes {
            // ASCII between characters, most of a JSON message, leaves the state as it is.
            if byte < 0x80 && state == Self.accept { continue }
            let kind = Self.classes[Int(byte)]
            state = Self.transitions[Int(state) + Int(kind)]
            if state == Self.reject { break }
        }
        self.state = state
        return state != Self.reject
    }

    /// Whether the bytes read end between characters (a message may not end inside one).
    var isComplete: Bool { state == Self.accept }

    /// The character class of each byte.
    private static let classes: [UInt8] = [
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9,
        7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7,
        8, 8, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
        10, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 4, 3, 3, 11, 6, 6, 6, 5, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8,
    ]

    /// The state after a byte of each class, by state (a multiple of 12) plus class.
    private static let transitions: [UInt8] = [
        0, 12, 24, 36, 60, 96, 84, 12, 12, 12, 48, 72, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12,
        12, 0, 12, 12, 12, 12, 12, 0, 12, 0, 12, 12, 12, 24, 12, 12, 12, 12, 12, 24, 12, 24, 12, 12,
        12, 12, 12, 12, 12, 12, 12, 24, 12, 12, 12, 12, 12, 24, 12, 12, 12, 12, 12, 12, 12, 24, 12, 12,
        12, 12, 12, 12, 12, 12, 12, 36, 12, 36, 12, 12, 12, 36, 12, 12, 12, 12, 12, 36, 12, 36, 12, 12,
        12, 36, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12,
    ]
}
