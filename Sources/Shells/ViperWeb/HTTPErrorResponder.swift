import NIOCore
import NIOHTTP1

/// Answers a request the HTTP decoder could not read, then closes the connection: 431 when its
/// headers were longer than the limit, 400 otherwise. The decoder stops at the limit, in time
/// linear in the bytes read, before any other check.
final class HTTPErrorResponder: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let maxHeaderBytes: Int
    private var answered = false

    init(maxHeaderBytes: Int) {
        self.maxHeaderBytes = maxHeaderBytes
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let parserError = error as? HTTPParserError else {
            // An upgrade the policy declined reports itself as an error and goes on as a plain
            // request, which the page handler answers; a broken socket ends the connection.
            if error is IOError { context.close(promise: nil) }
            return
        }
        guard !answered else { return }
        answered = true
        let (status, message): (HTTPResponseStatus, String) = switch parserError {
        case .headerOverflow: (.requestHeaderFieldsTooLarge, "the request's headers are longer than \(maxHeaderBytes) bytes")
        default: (.badRequest, "the request is not HTTP/1.1 this server can read (\(parserError))")
        }
        let body = Array((message + "\n").utf8)
        let headers = HTTPHeaders([
            ("Content-Type", "text/plain; charset=utf-8"), ("Content-Length", String(body.count)), ("Connection", "close"),
        ])
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: body)))), promise: nil)
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in channel.close(promise: nil) }
    }
}
