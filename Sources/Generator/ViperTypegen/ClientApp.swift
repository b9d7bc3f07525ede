/// An app the engine hosts.
package struct ClientApp: Equatable, Sendable {
    /// The name `app.start` takes (`todo`).
    package let name: String
    /// Its name as a person reads it.
    package let title: String?
    package let summary: String?
    /// The kind of the scene `app.start` shows.
    package let rootScene: String
    /// The kinds of the scenes it can show.
    package let scenes: [String]
}
