import CustomDump
import ProbeApp
import Testing
import ViperCore
import ViperJSON

struct SessionTests {
    @Test func initializeReportsTheEngineItsAppsAndCapabilitiesInTheNewestVersion() async {
        let harness = SessionHarness(allowsFaultInjection: true)
        expectLines(await harness.call("initialize"), [
            #"{"id":1,"jsonrpc":"2.0","result":{"apps":["probe"],"capabilities":{"effects":[],"faultInjection":true,"maxLineBytes":1048576},"engine":{"name":"viper","version":"\#(EngineInfo.version)"},"protocolVersion":"1.1"}}"#
        ])
    }

    @Test func aClientAskingForOnePointZeroGetsWhatOnePointZeroSaid() async {
        let harness = SessionHarness(allowsFaultInjection: true)
        expectLines(await harness.call("initialize", #"{"protocolVersion":"1.0","capabilities":{"effects":["http"]}}"#), [
            #"{"id":1,"jsonrpc":"2.0","result":{"apps":["probe"],"capabilities":{"faultInjection":true,"maxLineBytes":1048576},"engine":{"name":"viper","version":"\#(EngineInfo.version)"},"protocolVersion":"1.0"}}"#
        ])
        // 1.1's methods do not exist in 1.0, nor do replies or cancellation.
        #expect(await harness.call("engine.idle").first?.contains("methodNotFound") == true)
        expectLines(await harness.send(#"{"jsonrpc":"2.0","id":"viper:1","result":{"status":200}}"#), [
            #"{"error":{"code":-32600,"data":{"kind":"invalidRequest"},"message":"Invalid request: 'method' is missing."},"id":"viper:1","jsonrpc":"2.0"}"#
        ])
        expectLines(await harness.send(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":1}}"#), [])
    }

    @Test func aClientAskingForEffectsIsToldWhichItPerforms() async {
        let harness = SessionHarness()
        let lines = await harness.call("initialize", #"{"protocolVersion":"1.1","capabilities":{"effects":["http","smoke signals"]}}"#)
        #expect(lines.first?.contains(#""capabilities":{"effects":["http"],"#) == true, "\(lines)")
    }

    @Test func anUnknownVersionIsRefusedNamingTheOnesSpoken() async {
        let harness = SessionHarness()
        expectLines(await harness.call("initialize", #"{"protocolVersion":"2.0"}"#), [
            #"{"error":{"code":-32602,"data":{"kind":"unsupportedProtocolVersion","path":"params.protocolVersion","supported":["1.0","1.1"]},"message":"Invalid params: this engine speaks protocol version 1.0 or 1.1, not '2.0'. Send one of them, or leave protocolVersion out for the newest."},"id":1,"jsonrpc":"2.0"}"#
        ])
    }

    @Test func everyRequestBeforeInitializeIsRefused() async {
        let harness = SessionHarness()
        expectLines(await harness.call("app.start", #"{"app":"probe"}"#), [
            #"{"error":{"code":-32002,"data":{"kind":"notInitialized"},"message":"Not initialized: send 'initialize' before 'app.start'."},"id":1,"jsonrpc":"2.0"}"#
        ])
        #expect(await harness.call("no.such.method").first?.contains("-32002") == true)
    }

    @Test func initializeValidatesItsParams() async {
        let harness = SessionHarness()
        let answers = [
            await harness.call("initialize", #"{"timeZone":"Mars/Olympus"}"#),
            await harness.call("initialize", #"{"locale":"xx_YY"}"#),
            await harness.call("initialize", #"{"firstWeekday":0}"#),
            await harness.call("initialize", #"{"now":"2026-11-22T09:00:00"}"#),
            await harness.call("initialize", #"{"protocolVersion":"2.0"}"#),
        ].map { $0.joined() }
        #expect(answers[0].contains(#""path":"params.timeZone""#))
        #expect(answers[1].contains(#""path":"params.locale""#))
        #expect(answers[2].contains(#""path":"params.firstWeekday""#))
        #expect(answers[3].contains(#""path":"params.now""#))
        #expect(answers[4].contains(#""kind":"unsupportedProtocolVersion""#))
        // None of the refused requests initialized the session.
        #expect(await harness.call("initialize").first?.contains(#""result""#) == true)
        #expect(await harness.call("initialize").first?.contains("alreadyInitialized") == true)
    }

    @Test func theClockStandsStillAtTheInstantInitializeGave() async {
        let harness = SessionHarness()
        _ = await harness.call("initialize", #"{"now":"2026-11-22T23:30:00Z","timeZone":"Asia/Tokyo"}"#)
        let lines = await harness.call("app.start", #"{"app":"probe"}"#)
        #expect(lines[1].contains(#""today":"2026-11-23""#))
    }

    @Test func clockSetRendersEveryLiveSceneAgainBottomFirst() async {
        let harness = SessionHarness()
        await harness.start()
        _ = await harness.event("probe#1", "presentTapped")
        _ = await harness.event("probe#2", "alertTapped")
        expectLines(await harness.call("clock.set", #"{"now":"2026-12-01T00:00:00Z"}"#), [
            #"{"jsonrpc":"2.0","method":"view.render","params":{"kind":"probe","scene":"probe#1","viewModel":{"count":0,"today":"2026-12-01"}}}"#,
            #"{"jsonrpc":"2.0","method":"view.render","params":{"kind":"probe","scene":"probe#2","viewModel":{"count":0,"today":"2026-12-01"}}}"#,
            #"{"id":1,"jsonrpc":"2.0","result":{}}"#,
        ])
    }

    @Test func engineStateListsTheStackBottomFirstWithWhatEachSceneLastShowed() async {
        let harness = SessionHarness()
        await harness.start()
        _ = await harness.event("probe#1", "countChanged", #"{"count":3}"#)
        _ = await harness.event("probe#1", "alertTapped")
        expectLines(await harness.call("engine.state"), [
            #"{"id":1,"jsonrpc":"2.0","result":{"stack":[{"kind":"probe","scene":"probe#1","viewModel":{"count":3,"today":"2026-11-22"}},{"kind":"alert","scene":"alert#1","viewModel":{"actions":["OK"],"message":"M","title":"T"}}]}}"#
        ])
    }

    @Test func eventsAreDecodedIntoTheScenesTypedEvents() async {
        let harness = SessionHarness()
        await harness.start()
        expectLines(await harness.event("probe#1", "countChanged", #"{"count":41}"#), [
            #"{"jsonrpc":"2.0","method":"view.render","params":{"kind":"probe","scene":"probe#1","viewModel":{"count":41,"today":"2026-11-22"}}}"#,
            #"{"id":1,"jsonrpc":"2.0","result":{}}"#,
        ])
    }

    @Test func badEventsAreRefusedWithWhatToSendInstead() async {
        let harness = SessionHarness()
        await harness.start()
        expectLines(await harness.event("probe#9", "pushTapped"), [
            #"{"error":{"code":-32602,"data":{"kind":"unknownScene","scene":"probe#9"},"message":"Invalid params: no live scene is 'probe#9'. Live scenes: probe#1."},"id":1,"jsonrpc":"2.0"}"#
        ])
        expectLines(await harness.event("probe#1", "jump"), [
            #"{"error":{"code":-32602,"data":{"event":"jump","kind":"unknownEvent","scene":"probe#1"},"message":"Invalid params: scene probe#1 has no event 'jump'. Its events: presentTapped, pushTapped, closeTapped, popTapped, popToRootTapped, restartTapped, alertTapped, feedTapped, fetchTapped, countChanged."},"id":1,"jsonrpc":"2.0"}"#
        ])
        expectLines(await harness.event("probe#1", "countChanged", #"{"count":"many"}"#), [
            #"{"error":{"code":-32602,"data":{"kind":"invalidParams","path":"params.data.count"},"message":"Invalid params: params.data.count must be an integer, not a string."},"id":1,"jsonrpc":"2.0"}"#
        ])
        expectLines(await harness.event("probe#1", "countChanged"), [
            #"{"error":{"code":-32602,"data":{"kind":"invalidParams","path":"params.data.count"},"message":"Invalid params: params.data.count is missing."},"id":1,"jsonrpc":"2.0"}"#
        ])
        expectLines(await harness.event("probe#1", "countChanged", "[1]"), [
            #"{"error":{"code":-32602,"data":{"kind":"invalidParams","path":"params.data"},"message":"Invalid params: params.data must be an object, not an array."},"id":1,"jsonrpc":"2.0"}"#
        ])
        expectLines(await harness.call("view.event", #"{"scene":"probe#1"}"#), [
            #"{"error":{"code":-32602,"data":{"kind":"invalidParams","path":"params.event"},"message":"Invalid params: params.event is missing."},"id":1,"jsonrpc":"2.0"}"#
        ])
    }

    @Test func notificationsAreCarriedOutButNeverAnswered() async {
        let harness = SessionHarness()
        await harness.start()
        let lines = await harness.send(#"{"jsonrpc":"2.0","method":"view.event","params":{"scene":"probe#1","event":"countChanged","data":{"count":2}}}"#)
        #expect(lines.count == 1)
        #expect(lines[0].contains(#""method":"view.render""#))
        #expect(await harness.send(#"{"jsonrpc":"2.0","method":"no.such.method"}"#).isEmpty)
        #expect(await harness.send(#"{"jsonrpc":"2.0","method":"view.event","params":{"scene":"nope#1","event":"x"}}"#).isEmpty)
    }

    @Test func afterShutdownEveryRequestIsRefused() async {
        let harness = SessionHarness()
        await harness.start()
        expectLines(await harness.call("shutdown"), [#"{"id":1,"jsonrpc":"2.0","result":null}"#])
        #expect(await harness.session.isShutDown)
        #expect(await harness.call("engine.state").first?.contains(#""kind":"shutDown""#) == true)
    }

    @Test func faultInjectionExistsOnlyWhenTheEngineAllowsIt() async {
        let closed = SessionHarness()
        await closed.start()
        #expect(await closed.call("debug.injectFault", #"{"operation":"probe.fail","message":"m"}"#).first?.contains("-32601") == true)
        let open = SessionHarness(allowsFaultInjection: true)
        await open.start()
        expectLines(await open.call("debug.injectFault", #"{"operation":"probe.fail","message":"m"}"#), [#"{"id":1,"jsonrpc":"2.0","result":{}}"#])
        expectLines(await open.call("debug.injectFault", #"{"operation":"nope","message":"m"}"#), [
            #"{"error":{"code":-32602,"data":{"kind":"unknownOperation","operation":"nope"},"message":"Invalid params: no operation 'nope' can fail on purpose. Operations: probe.fail."},"id":1,"jsonrpc":"2.0"}"#
        ])
    }

    @Test func theSameInputGivesByteIdenticalOutput() async {
        func transcript() async -> [String] {
            let harness = SessionHarness()
            var lines: [String] = []
            lines += await harness.call("initialize", #"{"now":"2026-11-22T09:00:00Z","timeZone":"Europe/Paris"}"#)
            lines += await harness.call("app.start", #"{"app":"probe"}"#)
            lines += await harness.event("probe#1", "presentTapped")
            lines += await harness.event("probe#2", "alertTapped")
            lines += await harness.call("engine.state")
            lines += await harness.send("{bad")
            return lines
        }
        expectLines(await transcript(), await transcript())
    }

    @Test func sessionsOfOneEngineShareNothing() async {
        let engine = Engine(EngineConfiguration(apps: [ProbeApp.factory], logger: .discarding))
        let first = LineCollector()
        let second = LineCollector()
        let a = engine.makeSession(output: first)
        let b = engine.makeSession(output: second)
        await a.receive(line: Array(#"{"jsonrpc":"2.0","id":1,"method":"initialize"}"#.utf8))
        await a.receive(line: Array(#"{"jsonrpc":"2.0","id":2,"method":"app.start","params":{"app":"probe"}}"#.utf8))
        await b.receive(line: Array(#"{"jsonrpc":"2.0","id":1,"method":"app.start","params":{"app":"probe"}}"#.utf8))
        #expect(first.drain().last == #"{"id":2,"jsonrpc":"2.0","result":{"scene":"probe#1"}}"#)
        #expect(second.drain().first?.contains("notInitialized") == true)
    }
}

struct EngineDescribeTests {
    @Test("A 1.0 session's description has none of 1.1's words: no titles, summaries, empty texts or labels")
    func oneZeroDescribesWithoutWords() async {
        let harness = SessionHarness()
        _ = await harness.call("initialize", #"{"protocolVersion":"1.0"}"#)
        let described = await harness.call("engine.describe").joined()
        for word in ["\"title\":", "\"summary\":", "\"emptyText\":", "\"labels\":"] {
            #expect(!described.contains(word), "\(word) in a 1.0 description")
        }
    }

    @Test("A 1.0 session's description has no roles nor tones either: they came with 1.1's words")
    func oneZeroDescribesWithoutRoles() async {
        let harness = SessionHarness()
        _ = await harness.call("initialize", #"{"protocolVersion":"1.0"}"#)
        let described = await harness.call("engine.describe").joined()
        #expect(!described.contains("\"roles\":"))
        #expect(!described.contains("\"tones\":"))
    }

    @Test("describe carries what members and events mean: one map of roles by wire name, and each state's tones by value")
    func describeCarriesRolesAndTones() async throws {
        let harness = SessionHarness()
        _ = await harness.call("initialize")
        let line = try #require(await harness.call("engine.describe").first)
        let result = try #require(try JSONParser.parse(Array(line.utf8))["result"])
        guard case .array(let scenes)? = result["scenes"] else { Issue.record("no scenes in \(line)"); return }
        func scene(_ kind: String) -> JSONValue? { scenes.first { $0["kind"] == .string(kind) } }
        let fetch = try #require(scene("probe.fetch"))
        #expect(fetch["roles"] == ["state": "state", "error": "error", "body": "longText"])
        #expect(fetch["tones"] == [
            "state": ["idle": "settled", "loading": "busy", "loaded": "settled", "failed": "bad", "waiting": "busy", "waited": "good"],
        ])
        // An event's role shares the map with the members' ones, as labels do.
        let probe = try #require(scene("probe"))
        #expect(probe["roles"] == ["closeTapped": "cancel"])
        #expect(probe["tones"] == nil, "no state, no tones")
        // A scene whose contract gives no roles says none.
        let alert = try #require(scene("alert"))
        #expect(alert["roles"] == nil)
    }

    @Test func describeListsTheAppsAndEverySceneOnceWithEventsAndViewModels() async {
        let harness = SessionHarness()
        _ = await harness.call("initialize")
        expectLines(await harness.call("engine.describe"), [
            #"{"id":1,"jsonrpc":"2.0","result":{"apps":[{"name":"probe","rootScene":"probe","scenes":["probe","probe.feed","probe.fetch","alert"],"title":"Probe"}],"notifications":[{"name":"probe.ping","payload":[{"name":"text","nullable":false,"type":"string"}]}],"scenes":[{"events":[{"data":[],"name":"dismissTapped"}],"kind":"alert","viewModel":[{"name":"title","nullable":false,"type":"string"},{"name":"message","nullable":false,"type":"string"},{"items":{"type":"string"},"name":"actions","nullable":false,"type":"array"}]},{"emptyText":"Nothing yet.","events":[{"data":[],"name":"presentTapped"},{"data":[],"name":"pushTapped"},{"data":[],"name":"closeTapped"},{"data":[],"name":"popTapped"},{"data":[],"name":"popToRootTapped"},{"data":[],"name":"restartTapped"},{"data":[],"name":"alertTapped"},{"data":[],"name":"feedTapped"},{"data":[],"name":"fetchTapped"},{"data":[{"name":"count","nullable":false,"type":"integer"}],"name":"countChanged"}],"kind":"probe","labels":{"countChanged":"Count"},"roles":{"closeTapped":"cancel"},"title":"Probe bench","viewModel":[{"name":"count","nullable":false,"type":"integer"},{"name":"today","nullable":false,"type":"day"}]},{"events":[{"data":[{"name":"every","nullable":false,"type":"integer"},{"name":"times","nullable":false,"type":"integer"}],"name":"tickTapped"},{"data":[{"name":"text","nullable":false,"type":"string"},{"name":"after","nullable":false,"type":"integer"}],"name":"echoTapped"},{"data":[{"name":"steps","nullable":false,"type":"integer"}],"name":"crunchTapped"},{"data":[{"name":"url","nullable":false,"type":"string"},{"name":"after","nullable":false,"type":"integer"}],"name":"pollTapped"},{"data":[{"name":"seconds","nullable":false,"type":"integer"}],"name":"waitTapped"},{"data":[],"name":"pushTapped"},{"data":[],"name":"closeTapped"}],"kind":"probe.feed","viewModel":[{"name":"pings","nullable":false,"type":"integer"},{"name":"lastPing","nullable":true,"type":"string"},{"name":"ticks","nullable":false,"type":"integer"},{"name":"reappeared","nullable":false,"type":"integer"}]},{"events":[{"data":[{"name":"url","nullable":false,"type":"string"}],"name":"fetchTapped"},{"data":[{"name":"url","nullable":false,"type":"string"},{"name":"query","nullable":false,"type":"string"}],"name":"queryChanged","superseding":true},{"data":[{"name":"milliseconds","nullable":false,"type":"integer"}],"name":"slowTapped"}],"kind":"probe.fetch","roles":{"body":"longText","error":"error","state":"state"},"tones":{"state":{"failed":"bad","idle":"settled","loaded":"settled","loading":"busy","waited":"good","waiting":"busy"}},"viewModel":[{"name":"state","nullable":false,"type":"string"},{"name":"status","nullable":true,"type":"integer"},{"name":"body","nullable":true,"type":"string"},{"name":"error","nullable":true,"type":"string"}]}]}}"#
        ])
    }
}

struct OversizedLineTests {
    @Test func aLineOverTheLimitIsRefusedWhoeverPassesItIn() async {
        let harness = SessionHarness()
        let line = String(repeating: " ", count: EngineInfo.maxLineBytes + 1)
        expectLines(await harness.send(line), [
            #"{"error":{"code":-32600,"data":{"kind":"lineTooLong","length":1048577,"limit":1048576},"message":"Invalid request: the line has 1048577 bytes, more than the limit of 1048576. It was skipped."},"id":null,"jsonrpc":"2.0"}"#
        ])
    }
}
