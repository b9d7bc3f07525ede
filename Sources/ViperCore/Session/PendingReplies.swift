/// The requests the engine sent the client (`effect.http`), waiting for its reply, by id; the
/// ids given up on, whose late replies are ignored; and whether replies can still come.
struct PendingReplies {
    private var waiting: [String: PendingReply] = [:]
    private var abandoned: Set<String> = []
    private var nextNumber = 1
    /// The input has ended: nothing more will arrive, replies included.
    private(set) var inputEnded = false

    /// The id of the next request the engine sends.
    mutating func nextID() -> String {
        defer { nextNumber += 1 }
        return Self.id(nextNumber)
    }

    /// The number the next request's id carries.
    var nextIDNumber: Int { nextNumber }

    /// Numbers the next requests from `number` on, unless they are numbered past it already:
    /// a resumed session goes on where its journal left off.
    mutating func continueNumbering(from number: Int) {
        nextNumber = max(nextNumber, number)
    }

    /// The id of the request numbered `number`.
    static func id(_ number: Int) -> String {
        "viper:\(number)"
    }

    /// The number in `id`, when the engine made it.
    static func number(of id: String) -> Int? {
        id.hasPrefix("viper:") ? Int(id.dropFirst(6)) : nil
    }

    /// Keeps `reply` until the client answers the request sent as `id`.
    mutating func add(_ reply: PendingReply, as id: String) {
        waiting[id] = reply
    }

    /// The request waiting under `id`, left waiting.
    func reply(to id: String) -> PendingReply? {
        waiting[id]
    }

    /// The reply to `id` wakes the background work's wait `key` (`BackgroundWork.wake`).
    mutating func wake(_ id: String, _ key: Int?) {
        waiting[id]?.wakes = key
    }

    /// The client answered `id`: it waits no more.
    mutating func answered(_ id: String) {
        waiting.removeValue(forKey: id)
    }

    /// Gives up on `id`; returns what waited for it, if anything did.
    mutating func abandon(_ id: String) -> PendingReply? {
        guard let reply = waiting.removeValue(forKey: id) else { return nil }
        abandoned.insert(id)
        return reply
    }

    /// Whether `id` was given up on; forgets it, as its late reply has now come.
    mutating func forgetAbandoned(_ id: String) -> Bool {
        abandoned.remove(id) != nil
    }

    /// The ids the running request waits on.
    var awaitedByRequest: [String] {
        waiting.filter { $0.value.countsForRequest }.map(\.key)
    }

    /// The input ended: returns every reply still awaited, in the order they were asked for;
    /// none will come.
    mutating func endInput() -> [PendingReply] {
        inputEnded = true
        let ids = waiting.keys.sorted { (Int($0.dropFirst(6)) ?? 0) < (Int($1.dropFirst(6)) ?? 0) }
        defer { waiting.removeAll() }
        return ids.compactMap { waiting[$0] }
    }
}
