import Foundation
import MCP
import Testing

/// `viper mcp` over stdio, driven by the official MCP SDK's client against the built binary: the
/// ToDo add story and one story of each other app, each recorded and replayed with `viper test`.
@Suite(.serialized)
struct MCPStoriesTests {
    @Test func theToolsDescribeEveryAppAndTheirInputSchemasComeFromTheEngine() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let agent = try await MCPAgent(in: folder.path)
        let tools = try await agent.client.listTools().tools
        #expect(tools.map(\.name) == ["list_apps", "start_app", "send_event", "go_back", "post_notification", "set_clock", "read_stack", "explore"])
        let start = try #require(tools.first { $0.name == "start_app" })
        #expect(start.inputSchema.objectValue?["properties"]?.objectValue?["app"]?.objectValue?["enum"]
            == .array(["todo", "accounts", "news", "weather", "flights", "chat"].map(Value.string)))
        #expect(start.inputSchema.objectValue?["required"] == ["app"])
        let send = try #require(tools.first { $0.name == "send_event" })
        #expect(send.description?.contains("- todo.add: titleChanged {title: string}; dueDateChanged {dueDate: day (YYYY-MM-DD) or null}; saveTapped; cancelTapped") == true)
        let shapes = send.inputSchema.objectValue?["properties"]?.objectValue?["data"]?.objectValue?["anyOf"]?.arrayValue ?? []
        let titleChanged = try #require(shapes.first { $0.objectValue?["title"] == "todo.add titleChanged" })
        #expect(titleChanged.objectValue?["required"] == ["title"])
        let dueDate = shapes.first { $0.objectValue?["title"] == "todo.add dueDateChanged" }?.objectValue?["properties"]?.objectValue?["dueDate"]
        #expect(dueDate == .object(["type": ["string", "null"], "format": "date"]))
        let listed = try await agent.call("list_apps")
        #expect(listed.text.contains("- flights: starts at flights.search"))
        #expect(try await agent.finish() == 0)
    }

    @Test func theToDoAddStoryAsAnAgentPlaysItReplaysGreen() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let agent = try await MCPAgent(in: folder.path)
        let started = try await agent.call("start_app", ["app": "todo"])
        #expect(started.isError == false)
        #expect(started.lastRender(of: "todo.list#1") == .object(["isEmpty": true, "sections": []]))
        #expect(started.text.contains("todo.list#1 takes: addTapped"))
        let added = try await agent.call("send_event", ["scene": "todo.list#1", "event": "addTapped"])
        #expect(added.stack == ["todo.list#1", "todo.add#1"])
        _ = try await agent.call("send_event", ["scene": "todo.add#1", "event": "titleChanged", "data": ["title": "Buy milk"]])
        let dated = try await agent.call("send_event", ["scene": "todo.add#1", "event": "dueDateChanged", "data": ["dueDate": "2026-11-24"]])
        #expect(dated.lastRender(of: "todo.add#1")?.objectValue?["saveEnabled"] == true)
        let saved = try await agent.call("send_event", ["scene": "todo.add#1", "event": "saveTapped"])
        #expect(saved.stack == ["todo.list#1"])
        let item = saved.lastRender(of: "todo.list#1")?.objectValue?["sections"]?.arrayValue?.first?.objectValue?["items"]?.arrayValue?.first
        #expect(item?.objectValue?["title"] == "Buy milk")
        #expect(item?.objectValue?["dueDay"] == "Tuesday")
        let state = try await agent.call("read_stack")
        #expect(state.result?.objectValue?["stack"]?.arrayValue?.count == 1)
        // The scenes on the stack are resources.
        let resources = try await agent.client.listResources().resources
        #expect(resources.map(\.uri) == ["viper://scene/todo.list/1"])
        let read = try await agent.client.readResource(uri: "viper://scene/todo.list/1")
        #expect(read.first?.text?.contains("\"title\":\"Buy milk\"") == true)
        try await expectReplaysGreen(agent)
    }

    @Test("explore walks an app in sessions of its own and gives the map, the coverage and what broke; the agent's session is left as it was")
    func exploreGivesTheMapAndLeavesTheSessionAlone() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let agent = try await MCPAgent(in: folder.path)
        _ = try await agent.call("start_app", ["app": "todo"])
        let explored = try await agent.call("explore", ["app": "todo", "seed": 3, "steps": 120])
        #expect(explored.isError == false, "\(explored.text)")
        #expect(explored.text.contains("todo: 120 actions"), "\(explored.text)")
        #expect(explored.text.contains("every invariant held"), "\(explored.text)")
        #expect(explored.text.contains("| todo.list | addTapped |"), "\(explored.text)")
        let structured = try #require(explored.structuredContent?.objectValue)
        #expect(structured["findings"] == .array([]))
        #expect(structured["dot"]?.stringValue?.contains(#""todo.list" -> "todo.add""#) == true)
        let bad = try await agent.call("explore", ["app": "todo", "steps": 0])
        #expect(bad.isError == true)
        #expect(bad.text.hasPrefix("explore takes seed"), "\(bad.text)")
        let unknown = try await agent.call("explore", ["app": "mail"])
        #expect(unknown.text == "explore needs app, the name of an app: todo, accounts, news, weather, flights, chat.")
        // The agent's own session is where it was: one list, nothing presented.
        let stack = try await agent.call("read_stack")
        #expect(stack.stack == ["todo.list#1"], "\(stack.text)")
        try await expectReplaysGreen(agent)
    }

    @Test func badInputGetsAToolErrorSayingWhatToSendAndTheSessionGoesOn() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let agent = try await MCPAgent(in: folder.path)
        let early = try await agent.call("send_event", ["scene": "todo.list#1", "event": "addTapped"])
        #expect(early.isError == true)
        #expect(early.text == "No scene is live yet: call start_app first, with one of: todo, accounts, news, weather, flights, chat.")
        let noApp = try await agent.call("start_app", ["app": "mail"])
        #expect(noApp.isError == true)
        #expect(noApp.text.contains("mail"))
        // An unknown tool is a protocol error (-32602), as the specification's example has it.
        do {
            _ = try await agent.call("tap_everything")
            Issue.record("an unknown tool was answered")
        } catch let error as MCPError {
            #expect(error.code == -32602)
            #expect(error.localizedDescription.contains("Unknown tool: tap_everything. The tools: list_apps, start_app, send_event"))
        }
        let missing = try await agent.call("start_app")
        #expect(missing.text == "start_app needs app, the name of an app: todo, accounts, news, weather, flights, chat.")
        let extra = try await agent.call("read_stack", ["verbose": true])
        #expect(extra.text == "read_stack takes no argument 'verbose'; it takes none.")
        _ = try await agent.call("start_app", ["app": "todo"])
        let unknownScene = try await agent.call("send_event", ["scene": "todo.add#7", "event": "saveTapped"])
        #expect(unknownScene.isError == true)
        #expect(unknownScene.text.contains("Live scenes: todo.list#1"))
        let wrongData = try await agent.call("send_event", ["scene": "todo.list#1", "event": "addTapped", "data": "now"])
        #expect(wrongData.text.hasPrefix("send_event's data must be an object"))
        _ = try await agent.call("send_event", ["scene": "todo.list#1", "event": "addTapped"])
        let mistyped = try await agent.call("send_event", ["scene": "todo.add#1", "event": "titleChanged", "data": ["title": 7]])
        #expect(mistyped.isError == true)
        #expect(mistyped.text.contains("params.data.title must be a string"))
        let unknownEvent = try await agent.call("send_event", ["scene": "todo.add#1", "event": "fly"])
        #expect(unknownEvent.text.contains("send_event's description lists the events"))
        // The session goes on.
        let typed = try await agent.call("send_event", ["scene": "todo.add#1", "event": "titleChanged", "data": ["title": "Tea"]])
        #expect(typed.isError == false)
        try await expectReplaysGreen(agent)
    }

    @Test("Raw lines a client gets wrong: a parse error is answered with id null, a method that is no string with -32600 and its id")
    func malformedLinesGetJSONRPCErrors() throws {
        let server = try ServeProcess(arguments: ["mcp", "--now", "2026-11-23T09:00:00Z"])
        server.write(line: "not json at all")
        let parseError = try server.readLine()
        #expect(parseError.contains(#""id":null"#) && parseError.contains(#""code":-32700"#), "\(parseError)")
        server.write(line: #"{"jsonrpc":"2.0","id":7,"method":42}"#)
        let invalid = try server.readLine()
        #expect(invalid.contains(#""id":7"#) && invalid.contains(#""code":-32600"#), "\(invalid)")
        // The session goes on.
        server.write(line: #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}"#)
        #expect(try server.readLine().contains(#""id":1"#))
        server.write(line: #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)
        server.write(line: #"{"jsonrpc":"2.0","id":2,"method":"resources/templates/list"}"#)
        let templates = try server.readLine()
        #expect(templates.contains(#""uriTemplate":"viper://scene/{kind}/{number}""#), "\(templates)")
        server.closeInput()
        _ = try server.waitForExit()
    }

    @Test("Raw lines a client gets wrong, continued: bytes that are not UTF-8 get -32700, a batch -32600 (MCP 2025-06-18 has none), params a method cannot take -32602, a 5 MB line -32600 at once; the session goes on")
    func moreMalformedLinesGetJSONRPCErrors() throws {
        let server = try ServeProcess(arguments: ["mcp", "--now", "2026-11-23T09:00:00Z"])
        server.write(line: #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}"#)
        #expect(try server.readLine().contains(#""id":1"#))
        server.write(line: #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)
        server.write(bytes: Array(#"{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"cursor":""#.utf8) + [0xC3, 0x28] + Array(#""}}"#.utf8) + [0x0A])
        let notUTF8 = try server.readLine()
        #expect(notUTF8.contains(#""code":-32700"#) && notUTF8.contains("not UTF-8"), "\(notUTF8)")
        server.write(line: #"[{"jsonrpc":"2.0","id":3,"method":"tools/list"}]"#)
        let batch = try server.readLine()
        #expect(batch.contains(#""code":-32600"#) && batch.contains("batches"), "\(batch)")
        server.write(line: #"{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":7}}"#)
        let badName = try server.readLine()
        #expect(badName.contains(#""id":4"#) && badName.contains(#""code":-32602"#) && badName.contains("params.name"), "\(badName)")
        server.write(line: #"{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"list_apps","arguments":[1]}}"#)
        let badArguments = try server.readLine()
        #expect(badArguments.contains(#""id":5"#) && badArguments.contains(#""code":-32602"#), "\(badArguments)")
        server.write(line: #"{"jsonrpc":"2.0","id":6,"method":"resources/read","params":{}}"#)
        #expect(try server.readLine().contains(#""code":-32602"#))
        server.write(line: #"{"jsonrpc":"2.0","id":7,"method":"tools/list","params":{"cursor":""# + String(repeating: "a", count: 5_000_000) + #""}}"#)
        let tooLong = try server.readLine()
        #expect(tooLong.contains(#""code":-32600"#) && tooLong.contains("the line is 5000069 bytes long"), "\(tooLong.prefix(300))")
        server.write(line: #"{"jsonrpc":"2.0","id":8,"method":"tools/list"}"#)
        #expect(try server.readLine().contains(#""id":8"#))
        server.closeInput()
        _ = try server.waitForExit()
    }

    @Test("Requests read before the end of input are all answered: the end waits for them")
    func requestsBeforeTheEndAreAnswered() throws {
        let server = try ServeProcess(arguments: ["mcp", "--now", "2026-11-23T09:00:00Z"])
        server.write(line: #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}"#)
        server.write(line: #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)
        server.write(line: #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"start_app","arguments":{"app":"todo"}}}"#)
        server.write(line: #"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"send_event","arguments":{"scene":"todo.list#1","event":"addTapped"}}}"#)
        server.write(line: #"{"jsonrpc":"2.0","id":4,"method":"resources/list"}"#)
        server.closeInput()
        let exit = try server.waitForExit()
        let answered = Set(exit.remainingLines.compactMap { $0.firstMatch(of: /"id":(\d+)/).map { String($0.1) } })
        #expect(answered == ["1", "2", "3", "4"], "\(exit.remainingLines)")
        #expect(exit.status == 0)
    }

    @Test("Each tool result carries its structured content as JSON text too")
    func structuredContentAsText() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let agent = try await MCPAgent(in: folder.path)
        for result in [try await agent.call("list_apps"), try await agent.call("start_app", ["app": "todo"])] {
            let texts = result.content.compactMap { if case .text(let text, _, _) = $0 { text } else { nil } }
            let json = try #require(texts.last)
            let decoded = try JSONDecoder().decode(Value.self, from: Data(json.utf8))
            #expect(decoded == result.structuredContent, "\(json)")
        }
        #expect(try await agent.finish() == 0)
    }

    @Test func accountsSignUpKeepsThePasswordOutOfTheRecording() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let agent = try await MCPAgent(in: folder.path)
        _ = try await agent.call("start_app", ["app": "accounts"])
        _ = try await agent.call("send_event", ["scene": "accounts.prompt#1", "event": "signUpTapped"])
        for (event, data) in [("usernameChanged", ["username": "ada"]), ("displayNameChanged", ["displayName": "Ada Lovelace"]), ("passwordChanged", ["password": "correct horse battery"])] {
            _ = try await agent.call("send_event", ["scene": "accounts.signup#1", "event": .string(event), "data": .object(data.mapValues(Value.string))])
        }
        let signedUp = try await agent.call("send_event", ["scene": "accounts.signup#1", "event": "signUpTapped"])
        #expect(signedUp.stack.last == "accounts.home#1")
        #expect(signedUp.lastRender(of: "accounts.home#1")?.objectValue?["displayName"] == "Ada Lovelace")
        #expect(signedUp.text.contains("HTTP POST http://127.0.0.1:"))
        try await expectReplaysGreen(agent)
        let recorded = try String(contentsOfFile: agent.recording, encoding: .utf8)
        #expect(!recorded.contains("correct horse battery"))
    }

    @Test func newsHeadlinesAndAnArticleAndBack() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let agent = try await MCPAgent(in: folder.path)
        let started = try await agent.call("start_app", ["app": "news"])
        let articles = started.lastRender(of: "news.list#1")?.objectValue?["articles"]?.arrayValue ?? []
        let first = try #require(articles.first?.objectValue?["id"]?.stringValue)
        let detail = try await agent.call("send_event", ["scene": "news.list#1", "event": "articleTapped", "data": ["id": .string(first)]])
        #expect(detail.stack == ["news.list#1", "news.detail#1"])
        let back = try await agent.call("go_back")
        #expect(back.stack == ["news.list#1"])
        try await expectReplaysGreen(agent)
    }

    @Test func weatherSavesAPlaceFoundBySearch() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let agent = try await MCPAgent(in: folder.path)
        _ = try await agent.call("start_app", ["app": "weather"])
        _ = try await agent.call("send_event", ["scene": "weather.list#1", "event": "addTapped"])
        let searched = try await agent.call("send_event", ["scene": "weather.add#1", "event": "queryChanged", "data": ["query": "Berlin"]])
        let result = try #require(searched.lastRender(of: "weather.add#1")?.objectValue?["results"]?.arrayValue?.first?.objectValue)
        #expect(result["name"] == "Berlin")
        let saved = try await agent.call("send_event", ["scene": "weather.add#1", "event": "resultTapped", "data": ["resultId": result["resultId"] ?? .null]])
        #expect(saved.stack == ["weather.list#1"])
        #expect(saved.lastRender(of: "weather.list#1")?.objectValue?["locations"]?.arrayValue?.first?.objectValue?["name"] == "Berlin")
        try await expectReplaysGreen(agent)
    }

    @Test func flightsSearchChooseAndBook() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let agent = try await MCPAgent(in: folder.path)
        _ = try await agent.call("start_app", ["app": "flights"])
        for (event, data) in [("fromChanged", ["code": Value.string("LGW")]), ("toChanged", ["code": "CDG"]), ("dateChanged", ["date": "2026-11-24"]), ("passengersChanged", ["count": 2])] {
            _ = try await agent.call("send_event", ["scene": "flights.search#1", "event": .string(event), "data": .object(data)])
        }
        let found = try await agent.call("send_event", ["scene": "flights.search#1", "event": "searchTapped"])
        let flights = found.lastRender(of: "flights.availability#1")?.objectValue?["flights"]?.arrayValue ?? []
        let flight = try #require(flights.first { $0.objectValue?["selectable"] == true }?.objectValue?["flightId"])
        let summary = try await agent.call("send_event", ["scene": "flights.availability#1", "event": "flightTapped", "data": ["flightId": flight]])
        #expect(summary.stack.last == "flights.summary#1")
        let booked = try await agent.call("send_event", ["scene": "flights.summary#1", "event": "bookTapped"])
        #expect(booked.lastRender(of: "flights.summary#1")?.objectValue?["reference"]?.stringValue?.isEmpty == false)
        try await expectReplaysGreen(agent)
    }

    @Test func chatSendsAMessageInAConversation() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let agent = try await MCPAgent(in: folder.path)
        _ = try await agent.call("start_app", ["app": "chat"])
        let opened = try await agent.call("send_event", ["scene": "chat.inbox#1", "event": "conversationTapped", "data": ["conversationId": "ada"]])
        #expect(opened.stack.last == "chat.conversation#1")
        _ = try await agent.call("send_event", ["scene": "chat.conversation#1", "event": "inputTextChanged", "data": ["inputText": "Shall we meet?"]])
        let sent = try await agent.call("send_event", ["scene": "chat.conversation#1", "event": "sendButtonTapped"])
        let messages = sent.lastRender(of: "chat.conversation#1")?.objectValue?["messages"]?.arrayValue ?? []
        #expect(messages.last?.objectValue?["messageText"] == "Shall we meet?")
        #expect(messages.last?.objectValue?["isMine"] == true)
        try await expectReplaysGreen(agent)
    }

    /// Ends the agent's session and plays its recording with `viper test`, which must pass.
    private func expectReplaysGreen(_ agent: MCPAgent, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        #expect(try await agent.finish() == 0, sourceLocation: sourceLocation)
        let replay = try CommandRun.viper(["test", agent.recording], in: NSTemporaryDirectory())
        #expect(replay.status == 0, "viper test \(agent.recording):\n\(replay.output)\(replay.errors)", sourceLocation: sourceLocation)
        #expect(replay.output.contains("1 passed, 0 failed"), sourceLocation: sourceLocation)
    }
}

extension CallTool.Result {
    /// The request's `result`, from the structured content.
    var result: Value? { structuredContent?.objectValue?["result"] }
}
