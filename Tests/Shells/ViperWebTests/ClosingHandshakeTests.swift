import Testing

@testable import ViperWeb

@Suite("The closing handshake and what is still read, without a channel")
struct ClosingHandshakeTests {
    @Test("open: frames are read; the client's close makes every later frame dropped, and the server's answer closes at once")
    func clientCloses() {
        var handshake = ClosingHandshake()
        let arrived = { handshake.frameArrived(isClose: $0) }
        let closeSent = { handshake.closeSentNow() }
        #expect(arrived(false) == .read)
        #expect(arrived(true) == .read)
        handshake.clientAskedToClose()
        #expect(!handshake.isOpen)
        #expect(arrived(false) == .drop)
        #expect(closeSent() == .closeWhenSent)
    }

    @Test("the server fails the connection once; then only the client's close frame counts, and it closes the connection")
    func serverFails() {
        var handshake = ClosingHandshake()
        let arrived = { handshake.frameArrived(isClose: $0) }
        let fail = { handshake.fail() }
        let closeSent = { handshake.closeSentNow() }
        #expect(fail())
        #expect(!fail())
        #expect(arrived(false) == .drop)
        #expect(closeSent() == .awaitClientClose)
        #expect(arrived(true) == .closeConnection)
        handshake.closed()
        #expect(!handshake.isConnected)
        #expect(arrived(true) == .drop)
    }

    @Test("a client's close frame before the server's is out is answered by it: the connection closes once it is sent")
    func crossingCloses() {
        var handshake = ClosingHandshake()
        let arrived = { handshake.frameArrived(isClose: $0) }
        let fail = { handshake.fail() }
        let closeSent = { handshake.closeSentNow() }
        #expect(fail())
        #expect(arrived(true) == .drop)
        #expect(closeSent() == .closeWhenSent)
    }

    @Test("an output cut off closes by itself, and the session still reads what the client sends")
    func cutOff() {
        var handshake = ClosingHandshake()
        let arrived = { handshake.frameArrived(isClose: $0) }
        let fail = { handshake.fail() }
        let closeSent = { handshake.closeSentNow() }
        #expect(closeSent() == .awaitClientClose)
        #expect(arrived(false) == .read)
        #expect(!fail())
        handshake.stopReading(sessionEnded: true)
        #expect(arrived(false) == .drop)
        #expect(arrived(true) == .closeConnection)
    }

    @Test("a stopping server reads nothing more but stays open for its last answer and its 1001")
    func stopping() {
        var handshake = ClosingHandshake()
        let arrived = { handshake.frameArrived(isClose: $0) }
        let fail = { handshake.fail() }
        let closeSent = { handshake.closeSentNow() }
        handshake.stopReading(sessionEnded: false)
        #expect(handshake.isOpen)
        #expect(arrived(false) == .drop)
        #expect(arrived(true) == .drop)
        #expect(fail())
        #expect(closeSent() == .closeWhenSent)
    }
}
