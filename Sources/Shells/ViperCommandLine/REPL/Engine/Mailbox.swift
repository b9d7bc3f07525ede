import Synchronization

/// Items that other tasks post for the REPL's task to drain when it looks: what arrives by
/// itself while the REPL waits for a line.
final class Mailbox<Item: Sendable>: Sendable {
    private let items = Mutex<[Item]>([])

    /// Adds `item` after those already waiting.
    func post(_ item: Item) {
        items.withLock { $0.append(item) }
    }

    /// Everything waiting, oldest first; the mailbox is then empty.
    func drain() -> [Item] {
        items.withLock { items in
            defer { items.removeAll() }
            return items
        }
    }
}
