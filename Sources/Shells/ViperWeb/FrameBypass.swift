import NIOCore

/// Where `SessionHandler` writes the frames it encodes itself (`ServerFrame`): a handler that
/// does nothing, put just before NIO's `WebSocketFrameEncoder`, which the upgrade installs.
/// Writes made from its context start below the encoder, so a burst of messages goes out as the
/// one buffer it was encoded into, not as a frame, a header and a write each.
final class FrameBypass: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer
}
