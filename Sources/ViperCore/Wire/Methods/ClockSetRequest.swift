/// `clock.set`: fixes the session clock at an instant; time-dependent scenes render again.
struct ClockSetRequest: WireRequest {
    typealias Result = EmptyResult
    static let method = WireMethod.clockSet.rawValue
    static let journaling = RequestJournaling.kept

    var now: Instant
}
