/// The lines of a session waiting for their turn, in arrival order: requests, and the errors for
/// lines that were not requests, which are answered in their turn too.
///
/// A ring of slots rather than an array whose front is removed: pipelined input keeps a
/// thousand lines queued, and `removeFirst` moved them all for every request.
struct RequestQueue {
    /// One line waiting for its turn.
    enum Item {
        /// A request, with its superseding key (found once, when it arrived).
        case request(IncomingRequest, supersedingKey: SupersedingKey?, cancelled: Bool)
        /// A line that was not a request: its error is written in its turn.
        case rejection(id: RequestID, ProtocolError)
    }

    private var slots: [Item?] = Array(repeating: nil, count: 16)
    private var head = 0
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    mutating func append(_ item: Item) {
        if count == slots.count { grow() }
        slots[(head + count) % slots.count] = item
        count += 1
    }

    mutating func popFirst() -> Item? {
        guard count > 0 else { return nil }
        let item = slots[head]
        slots[head] = nil
        head = (head + 1) % slots.count
        count -= 1
        return item
    }

    /// Marks the queued requests that `matches` picks (given each request and its superseding
    /// key) as cancelled: they are answered with -32800 in their turn, without running. Returns
    /// how many it marked.
    @discardableResult
    mutating func cancel(where matches: (IncomingRequest, SupersedingKey?) -> Bool) -> Int {
        var marked = 0
        for offset in 0..<count {
            let index = (head + offset) % slots.count
            if case .request(let request, let key, cancelled: false)? = slots[index], matches(request, key) {
                slots[index] = .request(request, supersedingKey: key, cancelled: true)
                marked += 1
            }
        }
        return marked
    }

    /// Empties the queue, returning what it held.
    mutating func removeAll() -> [Item] {
        var items: [Item] = []
        while let item = popFirst() { items.append(item) }
        return items
    }

    private mutating func grow() {
        var larger = [Item?](repeating: nil, count: slots.count * 2)
        for offset in 0..<count { larger[offset] = slots[(head + offset) % slots.count] }
        slots = larger
        head = 0
    }
}
