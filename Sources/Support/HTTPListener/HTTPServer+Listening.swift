import FlyingFox
import FlyingSocks
import Foundation

extension HTTPServer {
    /// A server on `address` whose sockets wait on viper's own event queue (`EPollEventQueue`),
    /// logging nothing: every server of viper is made this way.
    package init(listeningOn address: some SocketAddress, timeout: TimeInterval, handler: (any HTTPHandler)? = nil) {
        #if canImport(CSystemLinux)
        let pool = SocketPool(queue: EPollEventQueue())
        #else
        let pool = HTTPServer.defaultPool()
        #endif
        self.init(address: address, timeout: timeout, pool: pool, logger: .disabled, handler: handler)
    }
}
