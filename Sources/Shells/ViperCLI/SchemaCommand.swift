import ArgumentParser
import ViperCore
import ViperJSON

/// `viper schema`: prints protocol.schema.json for the apps this executable hosts.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema of the wire protocol and of every scene of the hosted apps.",
        discussion: """
            The schema (JSON Schema 2020-12) describes every message both ways: what a View may \
            send, what the engine writes, the result of each method, and each scene kind's \
            events and view model, learned from the same descriptions engine.describe reports. \
            protocol.schema.json in the repository is its output:
              viper schema > protocol.schema.json
            """
    )

    func run() throws {
        print(String(decoding: PrettyJSON.encode(ProtocolSchema.document(for: try AppCatalog.described())), as: UTF8.self), terminator: "")
    }
}
