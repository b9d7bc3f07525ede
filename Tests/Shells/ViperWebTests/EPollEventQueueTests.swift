import FlyingSocks
import Glibc
import HTTPListener
import Testing

/// The event queue under viper's servers, with real sockets: a socket closed while waited on
/// must leave nothing behind for the next socket, which the kernel usually gives its number.
///
/// The number is left to the kernel, not forced with dup2: other tests of this process open
/// descriptors meanwhile, and dup2 would close whichever of theirs took it.
@Suite("The epoll event queue")
struct EPollEventQueueTests {
    /// Two connected sockets: bytes sent to one make the other readable.
    private func socketPair() throws -> (socket: Int32, peer: Int32) {
        var ends: [Int32] = [0, 0]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0, &ends) == 0)
        return (ends[0], ends[1])
    }

    /// A socket with a byte waiting to be read.
    private func readableSocket() throws -> (socket: Int32, peer: Int32) {
        let pair = try socketPair()
        try #require(send(pair.peer, "x", 1, Int32(MSG_NOSIGNAL)) == 1)
        return pair
    }

    private func closeBoth(_ pair: (socket: Int32, peer: Int32)) {
        close(pair.socket)
        close(pair.peer)
    }

    /// The sockets reported readable. A socket that is always readable is registered too, so
    /// that the wait returns even when the one under test was lost.
    private func readableSockets(in queue: inout EPollEventQueue) throws -> Set<Int32> {
        let control = try readableSocket()
        defer { closeBoth(control) }
        try queue.addEvents(.read, for: Socket.FileDescriptor(rawValue: control.socket))
        return Set(try queue.getNotifications().filter { $0.events.contains(.read) }.map(\.file.rawValue))
    }

    @Test(
        "a socket closed while registered leaves nothing behind: the next socket, usually given its number, is woken",
        arguments: [true, false])
    func closedWhileRegistered(removedAfterTheClose: Bool) throws {
        var queue = EPollEventQueue()
        try queue.open()
        defer { try? queue.close() }
        let closed = try socketPair()
        defer { close(closed.peer) }
        try queue.addEvents(.read, for: Socket.FileDescriptor(rawValue: closed.socket))
        close(closed.socket)
        // Removing it now fails in the kernel, which dropped it at the close: no error either.
        if removedAfterTheClose { try queue.removeEvents(.read, for: Socket.FileDescriptor(rawValue: closed.socket)) }

        let next = try readableSocket()
        defer { closeBoth(next) }
        try queue.addEvents(.read, for: Socket.FileDescriptor(rawValue: next.socket))
        #expect(try readableSockets(in: &queue).contains(next.socket), "next socket \(next.socket), closed one \(closed.socket)")
    }

    @Test("stopping ends the wait for events")
    func stop() throws {
        var queue = EPollEventQueue()
        try queue.open()
        defer { try? queue.close() }
        let waiting = queue
        try queue.stop()
        #expect(throws: SocketError.self) { try waiting.getNotifications() }
    }
}
