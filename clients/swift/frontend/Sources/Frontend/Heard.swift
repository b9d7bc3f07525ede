import Foundation

/// What a story heard from the engine's threads, in order: listeners and effect handlers run
/// on the threads that deliver the engine's lines, while the story reads on its own.
final class Heard: @unchecked Sendable {
    private let lock = NSLock()
    private var words: [String] = []

    func append(_ word: String) {
        lock.lock()
        defer { lock.unlock() }
        words.append(word)
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return words
    }
}
