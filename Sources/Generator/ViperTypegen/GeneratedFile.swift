/// A file of a generated client: its path inside the client's folder, and its text.
package struct GeneratedFile: Equatable, Sendable {
    package let path: String
    package let contents: String

    package init(path: String, contents: String) {
        self.path = path
        self.contents = contents
    }
}
