import ViperStore

/// What the sessions of a workspace tell each other of bookings, here and on other processes:
/// a session that booked says so, and a session showing seats hears it. The airline's server
/// is not asked to say: the session knows what it booked, and a real airline tells nobody.
protocol BookingNews: Sendable {
    /// Tells the other sessions of the workspace that this one booked.
    func tellBooked() async
    /// Bookings other sessions make from now on, until the iterating task is cancelled.
    func bookedByOthers() -> AsyncStream<StoreChange>
}

/// Booking news through the workspace's store, which carries it to every session of the
/// workspace on any process (`Store.changes(of:)`).
struct StoreBookingNews: BookingNews {
    let store: Store

    static let topic = "flights.bookings"

    func tellBooked() async {
        // Nothing is written: the transaction only carries the news to those who listen. A
        // failure costs the others a live update; they load again when the list is on top again.
        try? await store.write { db in db.announce(Self.topic) }
    }

    func bookedByOthers() -> AsyncStream<StoreChange> {
        store.changes(of: [Self.topic])
    }
}
