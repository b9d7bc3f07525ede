import NIOCore
import NIOHTTP1

/// Closes a connection that takes too long to say what it wants: a request, head and body, not
/// complete within `headTimeout` of the connection opening or of the end of the request before
/// (a client trickling header bytes, declaring a body and stalling, or sending nothing),
/// whatever the bytes it sent meanwhile. Sessions are not subject to it: the handler leaves the
/// pipeline at the upgrade.
final class RequestDeadline: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart

    private let headTimeout: TimeAmount
    private var deadline: Scheduled<Void>?

    init(headTimeout: TimeAmount) {
        self.headTimeout = headTimeout
    }

    func handlerAdded(context: ChannelHandlerContext) {
        arm(context)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head, .body:
            // The clock runs on: a head that arrived in time does not buy its body more.
            break
        case .end:
            // The next request, on a kept-alive connection, has as long.
            arm(context)
        }
        context.fireChannelRead(data)
    }

    func channelInactive(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
        context.fireChannelInactive()
    }

    private func arm(_ context: ChannelHandlerContext) {
        deadline?.cancel()
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        deadline = context.eventLoop.scheduleTask(in: headTimeout) { bound.value.close(promise: nil) }
    }
}
