import ArgumentParser
import ViperCore
import ViperJSON

/// `schema`: prints the protocol's JSON Schema for the apps the host serves.
struct SchemaCommand<Host: ViperHost>: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "schema",
            abstract: "Print the JSON Schema of the wire protocol and of every scene of the hosted apps.",
            discussion: """
                The schema (JSON Schema 2020-12) describes every message both ways: what a View \
                may send, what the engine writes, the result of each method, and each scene \
                kind's events and view model, learned from the same descriptions engine.describe \
                reports. viper's protocol.schema.json is its output:
                  \(Host.commandName) schema > protocol.schema.json
                """
        )
    }

    func run() throws {
        print(String(decoding: PrettyJSON.encode(ProtocolSchema.document(for: try HostedApps<Host>.described())), as: UTF8.self), terminator: "")
    }
}
