/// `shutdown`: the client is done; the engine answers null, refuses further requests, and exits 0 at EOF.
package struct ShutdownRequest: WireRequest, ViewRequest {
    typealias Result = NullResult
    package static let wireMethod = WireMethod.shutdown
    static let journaling = RequestJournaling.notKept

    package init() {}
}
