/// Where a connection stands in RFC 6455's closing handshake, and whether what the client sends
/// is still carried out: a value that takes the connection's events and says what to do, so that
/// the handshake is tested without a channel (`SessionHandler` does it).
///
/// The server that closes sends its close frame, closes its side of the TCP connection once the
/// frame is out, and then closes the whole connection when the client's close frame comes or a
/// grace runs out (closing with unread input resets the connection, and the client could lose
/// the close frame and its reason). A client's close frame is answered with its own code.
struct ClosingHandshake {
    private enum Phase: Equatable {
        case open
        /// A close frame was sent or is queued. A session cut off for reading too slowly still
        /// carries out what the client sends meanwhile (`feedsSession`).
        case closing(feedsSession: Bool)
        case closed
    }

    /// What to do with a frame that came.
    enum FrameDisposition: Equatable {
        /// Read it: check it and carry it out.
        case read
        /// Drop it: nothing the client sends is carried out any more.
        case drop
        /// The client's close frame answered the server's: close the connection.
        case closeConnection
    }

    /// What to do once the server's close frame is written.
    enum AfterCloseSent: Equatable {
        /// The client's came already: close the connection as soon as the frame is out (the
        /// server closes the TCP connection first, RFC 6455 §7.1.1).
        case closeWhenSent
        /// Wait for the client's close frame, up to the grace.
        case awaitClientClose
    }

    private var phase = Phase.open
    /// Nothing more the client sends is carried out: the engine ended the session or the server
    /// is stopping. The client's close frame is still read.
    private var readingStopped = false
    private var closeSent = false
    private var closeReceived = false

    /// Whether the connection is open and carries out what the client sends.
    var isOpen: Bool { phase == .open }

    /// Whether anything may still be written.
    var isConnected: Bool { phase != .closed }

    /// A frame came (`isClose` when it is a close frame).
    mutating func frameArrived(isClose: Bool) -> FrameDisposition {
        switch phase {
        case .closed:
            return .drop
        case .closing(let feedsSession):
            if isClose { return clientClosed() }
            guard feedsSession else { return .drop }
        case .open:
            break
        }
        guard !readingStopped else { return isClose ? clientClosed() : .drop }
        return .read
    }

    /// The client's close frame was read while the connection was open: it is answered, and
    /// nothing more the client sends is carried out.
    mutating func clientAskedToClose() {
        phase = .closing(feedsSession: false)
        closeReceived = true
    }

    /// The server fails the connection or refuses it: false when it is closing already, and so
    /// says nothing more.
    mutating func fail() -> Bool {
        guard phase == .open else { return false }
        phase = .closing(feedsSession: false)
        return true
    }

    /// The engine ended the session, or the server stops: nothing more the client sends is
    /// carried out.
    mutating func stopReading(sessionEnded: Bool) {
        readingStopped = true
        if sessionEnded && phase != .closed { phase = .closing(feedsSession: false) }
    }

    /// The server's close frame was written (by the engine, or by a cut-off output that closes
    /// by itself with 1008 while the session reads on).
    mutating func closeSentNow() -> AfterCloseSent {
        if phase == .open { phase = .closing(feedsSession: true) }
        closeSent = true
        return closeReceived ? .closeWhenSent : .awaitClientClose
    }

    /// The TCP connection closed.
    mutating func closed() {
        phase = .closed
    }

    /// A close frame of the client's while the server closes: it answers the server's, or (when
    /// the server's is not out yet) it is answered by it.
    private mutating func clientClosed() -> FrameDisposition {
        if closeSent { return .closeConnection }
        closeReceived = true
        return .drop
    }
}
