/// `clock.set`: fixes the session clock at an instant; time-dependent scenes render again.
package struct ClockSetRequest: WireRequest, ViewRequest {
    typealias Result = EmptyResult
    package static let wireMethod = WireMethod.clockSet
    static let journaling = RequestJournaling.kept

    package init(now: Instant) {
        self.now = now
    }

    package var now: Instant
}
