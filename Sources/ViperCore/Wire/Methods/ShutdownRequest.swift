/// `shutdown`: the client is done; the engine answers null, refuses further requests, and exits 0 at EOF.
struct ShutdownRequest: WireRequest {
    typealias Result = NullResult
    static let method = WireMethod.shutdown.rawValue
    static let journaling = RequestJournaling.notKept
}
