import Foundation
import MCP
import ViperCore
import ViperJSON

/// `viper mcp`'s side of the Model Context Protocol: the tools an agent calls to drive the
/// session, and the live scenes as resources it can read.
enum AgentServer {
    /// Opens `session`, then serves the SDK's server on `transport` until the client closes it.
    static func run(_ session: AgentSession, name: String, version: String, transport: any Transport, explore: @escaping AgentToolCalls.Explore) async throws {
        let server = Server(
            name: name, version: version,
            instructions: """
                This server runs the VIPER apps of \(name) headlessly: you are their View. Call list_apps, then start_app; \
                each step's result shows what it caused (navigations, new view models, the HTTP the apps made) and the events \
                the top scene takes. Send events with send_event, as a user's taps and typing would. The live scenes are \
                resources (viper://scene/KIND/N).
                """,
            capabilities: .init(resources: .init(subscribe: false, listChanged: true), tools: .init(listChanged: false)))
        try await session.open { [weak server] in
            try? await server?.notify(ResourceListChangedNotification.message())
        }
        let tools = AgentTools(description: await session.description)
        let calls = AgentToolCalls(session: session, tools: tools, explore: explore)
        await server.withMethodHandler(ListTools.self) { _ in .init(tools: tools.tools) }
        await server.withMethodHandler(CallTool.self) { params in
            // An unknown tool is a protocol error, as the specification's example answers it;
            // arguments a tool cannot take are the tool's own errors, which a model reads and mends.
            guard let tool = AgentTools.Name(rawValue: params.name) else {
                throw MCPError.invalidParams("Unknown tool: \(params.name). The tools: \(AgentTools.Name.allCases.map(\.rawValue).joined(separator: ", ")).")
            }
            return await calls.call(tool, arguments: (params.arguments ?? [:]).mapValues(JSONValue.init))
        }
        await server.withMethodHandler(ListResources.self) { _ in
            .init(resources: await session.stack.map { scene in
                Resource(
                    name: scene.scene, uri: Self.uri(ofScene: scene.scene),
                    description: "The live \(scene.kind) scene: its last view model and the events it takes.",
                    mimeType: "application/json")
            })
        }
        // The live scenes' URIs follow one pattern, which a client may offer before any is live.
        await server.withMethodHandler(ListResourceTemplates.self) { _ in
            .init(templates: [Resource.Template(
                uriTemplate: "viper://scene/{kind}/{number}", name: "scene",
                description: "A live scene (todo.add#1 is viper://scene/todo.add/1): its last view model and the events it takes.",
                mimeType: "application/json")])
        }
        await server.withMethodHandler(ReadResource.self) { params in
            let stack = await session.stack
            guard let scene = stack.first(where: { Self.uri(ofScene: $0.scene) == params.uri }) else {
                let live = stack.map { Self.uri(ofScene: $0.scene) }
                throw MCPError.invalidParams(
                    "No live scene has the URI \(params.uri). " + (live.isEmpty ? "No scene is live: call start_app first." : "Live scenes: \(live.joined(separator: ", ")).")
                )
            }
            let content: JSONValue = [
                "scene": .string(scene.scene), "kind": .string(scene.kind), "viewModel": scene.viewModel,
                "events": .array(tools.events(ofKind: scene.kind)), "isTop": .bool(scene.scene == stack.last?.scene),
            ]
            return .init(contents: [.text(JSONWriter.string(content), uri: params.uri, mimeType: "application/json")])
        }
        try await server.start(transport: CheckedTransport(transport))
        await server.waitUntilCompleted()
        await server.stop()
        await session.close()
    }

    /// `viper://scene/todo.add/1` for `todo.add#1`: a URI may not carry `#` but as a fragment.
    static func uri(ofScene scene: String) -> String {
        "viper://scene/" + scene.replacingOccurrences(of: "#", with: "/")
    }
}
