#if canImport(CSystemLinux)
import CSystemLinux
import FlyingSocks
import Glibc

/// The epoll queue under every viper server: FlyingSocks' own, except that it keeps no stale
/// registration of a socket that was closed while something waited on it.
///
/// FlyingSocks' `ePoll` remembers which events it registered for each descriptor number and
/// skips `epoll_ctl` when asked again for the same ones. But closing a socket drops its
/// registration in the kernel, and removing it afterwards fails, leaving the memory behind.
/// The next connection given that number was then never registered and waited forever: a
/// WebSocket client disconnected with 1008, or one that vanished while the server wrote to it,
/// stalled whichever client came next. Here every change is made in the kernel, and a
/// registration that the close already dropped counts as removed.
package struct EPollEventQueue: EventQueue {
    private static let add = EPOLL_CTL_ADD
    private static let delete = EPOLL_CTL_DEL
    private static let modify = EPOLL_CTL_MOD

    private var file = Socket.FileDescriptor(rawValue: -1)
    /// Written once to wake `getNotifications` when the queue stops.
    private var canary = Socket.FileDescriptor(rawValue: -1)
    private var stopped = false
    private var registered: [Socket.FileDescriptor: Socket.Events] = [:]
    private let maxEvents: Int

    package init(maxEvents: Int = 20) {
        self.maxEvents = maxEvents
    }

    package mutating func open() throws {
        registered = [:]
        stopped = false
        file = Socket.FileDescriptor(rawValue: epoll_create1(0))
        guard file.rawValue >= 0 else { throw SocketError.makeFailed("epoll_create1") }
        canary = Socket.FileDescriptor(rawValue: eventfd(0, Int32(EFD_NONBLOCK)))
        guard canary.rawValue >= 0 else { throw SocketError.makeFailed("eventfd") }
        var event = epoll_event()
        event.events = EPOLLIN.rawValue | EPOLLET.rawValue
        event.data.fd = canary.rawValue
        guard epoll_ctl(file.rawValue, Self.add, canary.rawValue, &event) == 0 else { throw SocketError.makeFailed("epoll_ctl") }
    }

    package mutating func stop() throws {
        registered = [:]
        guard !stopped, canary.rawValue >= 0 else { throw SocketError.disconnected }
        stopped = true
        eventfd_write(canary.rawValue, 1)
    }

    package mutating func close() throws {
        guard file.rawValue >= 0 else { throw SocketError.disconnected }
        defer {
            file = Socket.FileDescriptor(rawValue: -1)
            canary = Socket.FileDescriptor(rawValue: -1)
        }
        if canary.rawValue >= 0 { _ = Glibc.close(canary.rawValue) }
        guard Glibc.close(file.rawValue) == 0 else { throw SocketError.makeFailed("close") }
    }

    package mutating func addEvents(_ events: Socket.Events, for socket: Socket.FileDescriptor) throws {
        try register(registered[socket, default: []].union(events), for: socket)
    }

    package mutating func removeEvents(_ events: Socket.Events, for socket: Socket.FileDescriptor) throws {
        try register(registered[socket, default: []].subtracting(events), for: socket)
    }

    private mutating func register(_ events: Socket.Events, for socket: Socket.FileDescriptor) throws {
        guard !events.isEmpty else {
            registered[socket] = nil
            // ENOENT or EBADF: the socket was closed, which removed it already.
            var unused = epoll_event()
            guard epoll_ctl(file.rawValue, Self.delete, socket.rawValue, &unused) == 0 || errno == ENOENT || errno == EBADF else {
                throw SocketError.makeFailed("epoll_ctl")
            }
            return
        }
        var event = epoll_event()
        event.events = EPOLLET.rawValue
            | (events.contains(.read) ? EPOLLIN.rawValue : 0)
            | (events.contains(.write) ? EPOLLOUT.rawValue : 0)
        event.data.fd = socket.rawValue
        // What is remembered may be stale (the number was closed and given to a new socket), so
        // the kernel decides: modify what it has, add what it has not.
        let first = registered[socket] == nil ? Self.add : Self.modify
        var result = epoll_ctl(file.rawValue, first, socket.rawValue, &event)
        if result != 0 && first == Self.modify && errno == ENOENT {
            result = epoll_ctl(file.rawValue, Self.add, socket.rawValue, &event)
        } else if result != 0 && first == Self.add && errno == EEXIST {
            result = epoll_ctl(file.rawValue, Self.modify, socket.rawValue, &event)
        }
        guard result == 0 else {
            registered[socket] = nil
            throw SocketError.makeFailed("epoll_ctl")
        }
        registered[socket] = events
    }

    package func getNotifications() throws -> [EventNotification] {
        guard !stopped, canary.rawValue >= 0 else { throw SocketError.disconnected }
        var events = [epoll_event](repeating: epoll_event(), count: maxEvents)
        let count = epoll_wait(file.rawValue, &events, Int32(maxEvents), -1)
        guard count > 0 else {
            // A signal is no failure: the caller asks again.
            if count == -1 && errno == EINTR { return [] }
            throw SocketError.makeFailed("epoll_wait")
        }
        return try events.prefix(Int(count)).map { event in
            guard event.data.fd != canary.rawValue else { throw SocketError.disconnected }
            return notification(for: event)
        }
    }

    private func notification(for event: epoll_event) -> EventNotification {
        let socket = Socket.FileDescriptor(rawValue: event.data.fd)
        var events = Socket.Events()
        if event.events & EPOLLIN.rawValue != 0 { events.insert(.read) }
        if event.events & EPOLLOUT.rawValue != 0 { events.insert(.write) }
        var errors = Set<EventNotification.Error>()
        if event.events & EPOLLIN.rawValue == 0 && event.events & (EPOLLHUP.rawValue | EPOLLRDHUP.rawValue) != 0 {
            errors.insert(.endOfFile)
        }
        if event.events & (EPOLLERR.rawValue | EPOLLPRI.rawValue) != 0 { errors.insert(.error) }
        // A hang-up alone names no event: it ends whatever waits on the socket.
        if events.isEmpty { events = registered[socket] ?? [] }
        return EventNotification(file: socket, events: events, errors: errors)
    }
}
#endif
