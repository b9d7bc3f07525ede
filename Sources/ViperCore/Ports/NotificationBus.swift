import Logging
import ViperJSON

/// The session's notification bus, as a module sees it: subscriptions that last as long as its
/// scene is live, and posting for the engine's own services.
public struct NotificationBus: Sendable {
    private weak let session: Session?
    /// The subscribing scene; nil for the bus an app's services post on.
    private let scene: SceneID?

    init(session: Session, scene: SceneID?) {
        self.session = session
        self.scene = scene
    }

    /// Calls `handler` with every `Event` posted while the scene is live. A posted payload
    /// that is not an `Event` is not handed over (and not counted as delivered): the post was
    /// wrong, and the scene ignores it.
    public func subscribe<Event: BusEvent>(_ type: Event.Type, _ handler: @escaping @Sendable (Event) async -> Void) async {
        guard let scene, let session else { return }
        let logger = session.logger
        await session.subscribe(scene, to: Event.name) { payload in
            let event: Event
            do {
                event = try JSONValueDecoder.decode(Event.self, from: payload, codingPath: [WireCodingKey(stringValue: "payload")])
            } catch {
                logger.warning("ignored a bus event whose payload does not fit", metadata: ["name": "\(Event.name)", "error": "\(error)"])
                return false
            }
            await handler(event)
            return true
        }
    }

    /// Hands `event` to every live scene subscribed to it, bottom of the stack first, as
    /// `notification.post` does; returns how many took it.
    @discardableResult
    public func post<Event: BusEvent>(_ event: Event) async -> Int {
        guard let session else { return 0 }
        let payload: JSONValue
        do {
            payload = try JSONValueEncoder.encode(event)
        } catch {
            session.logger.error("could not encode a bus event", metadata: ["name": "\(Event.name)", "error": "\(error)"])
            return 0
        }
        return await session.post(Event.name, payload: payload)
    }
}
