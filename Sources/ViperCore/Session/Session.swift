import Logging
import ViperJSON

/// One View's conversation with the engine: its clock and calendar, its stack of live modules,
/// and the lines it answers.
///
/// A session handles one line at a time. Everything a request causes, navigation, renders and
/// the module work behind them, is awaited before its response is written, so the response is
/// always the last line a request produces.
public actor Session {
    enum Phase {
        case awaitingInitialize, running, shutDown
    }

    let configuration: EngineConfiguration
    let logger: Logger
    let clock = SessionClock()
    /// Present only in engines that allow fault injection.
    let faults: FaultInjector?
    var phase = Phase.awaitingInitialize
    var calendar = DayCalendar.standard
    /// Live scenes, bottom first.
    var stack: [LiveScene] = []
    /// How many scenes of each kind this session has opened; numbers scene ids.
    var openedScenes: [SceneKind: Int] = [:]
    /// App instances, made the first time the session starts each app.
    var startedApps: [String: any ViperApp] = [:]
    /// Every scene kind the hosted apps registered, described once.
    let sceneDescriptions: [SceneKind: SceneDescription]
    private let output: any LineSink
    private let methods: [String: MethodHandler]

    init(configuration: EngineConfiguration, output: any LineSink) {
        self.configuration = configuration
        self.logger = configuration.logger
        self.output = output
        self.faults = configuration.allowsFaultInjection ? FaultInjector() : nil
        self.methods = Self.methodTable(allowingFaults: configuration.allowsFaultInjection)
        self.sceneDescriptions = Dictionary(configuration.apps.flatMap(\.scenes).map { ($0.kind, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Reads one line from the View, without its newline, and writes everything it causes.
    /// A line longer than `EngineInfo.maxLineBytes` is refused here, whoever passes it in, as
    /// the stdio transport refuses the lines it skips.
    public func receive(line: [UInt8]) async {
        guard line.count <= EngineInfo.maxLineBytes else {
            receiveOversizedLine(length: line.count, limit: EngineInfo.maxLineBytes)
            return
        }
        let reading = line.withUnsafeBufferPointer { bytes in
            Result { () throws(IncomingRequest.Rejection) in try IncomingRequest.read(bytes) }
        }
        switch reading {
        case .failure(let rejection):
            logger.debug("rejected a line", metadata: ["kind": "\(rejection.error.kind)"])
            send(OutgoingMessage.error(id: rejection.id, rejection.error))
        case .success(let request):
            await answer(request)
        }
    }

    /// Answers a line that the transport skipped, without reading it into memory, because it
    /// was longer than `limit` bytes.
    func receiveOversizedLine(length: Int, limit: Int) {
        send(OutgoingMessage.error(id: .null, .lineTooLong(length: length, limit: limit)))
    }

    /// Whether the View has sent `shutdown`.
    public var isShutDown: Bool { phase == .shutDown }

    private func answer(_ request: IncomingRequest) async {
        logger.debug("request", metadata: ["method": "\(request.method)"])
        do throws(ProtocolError) {
            let result = try await perform(request)
            if let id = request.id { send(OutgoingMessage.response(id: id, result: result)) }
        } catch {
            guard let id = request.id else {
                // JSON-RPC never answers a notification, not even with an error; say it on stderr.
                logger.warning("notification failed", metadata: ["method": "\(request.method)", "error": "\(error.message)"])
                return
            }
            send(OutgoingMessage.error(id: id, error))
        }
    }

    private func perform(_ request: IncomingRequest) async throws(ProtocolError) -> RawJSON {
        switch phase {
        case .shutDown:
            throw .shutDown(request.method)
        case .awaitingInitialize where request.method != InitializeRequest.method:
            throw .notInitialized(request.method)
        case .awaitingInitialize, .running:
            break
        }
        guard let handler = methods[request.method] else {
            throw .methodNotFound(request.method, known: methods.keys.sorted())
        }
        return try await handler.run(self, request.params)
    }

    /// Writes a notification.
    func emit(_ notification: some WireNotification) {
        do {
            send(try OutgoingMessage.notification(notification))
        } catch {
            logger.error("could not encode a notification", metadata: ["method": "\(type(of: notification).method)", "error": "\(error)"])
        }
    }

    private func send(_ line: [UInt8]) {
        output.write(line: line)
    }
}
