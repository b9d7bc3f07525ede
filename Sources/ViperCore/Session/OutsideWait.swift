import Synchronization

/// The wait outside the engine that a background task is in (`Session.waitingOutside`): the
/// key its parking got, once it parked. A request to the client parks the task only once its
/// line is out, in the same turn of the session, so that an `engine.idle` never answers
/// between the two: the View sees the request before the answer that says all is quiet.
final class OutsideWait: Sendable {
    private let parkedAs = Mutex<Int?>(nil)
    /// Whether the task parks only once its request to the client is out: background work
    /// whose wait is such a request.
    let parksWhenAsking: Bool

    init(parksWhenAsking: Bool) {
        self.parksWhenAsking = parksWhenAsking
    }

    /// The key of the parking (`BackgroundWork.park`), nil until the task parked.
    var key: Int? {
        get { parkedAs.withLock { $0 } }
        set { parkedAs.withLock { $0 = newValue } }
    }
}
