public import ViperCore

/// The `news.detail` scene: one article, handed over by the list. It has no events of its own;
/// `view.back` pops it.
public enum NewsDetailScene: SceneContract {
    public static let kind: SceneKind = "news.detail"
    /// What a View calls the scene and its parts, in the app's words, and what they mean to it.
    public static let presentation = ScenePresentation(
        title: "Article",
        labels: ["publishedAt": "Published"],
        roles: ["title": .heading, "body": .longText])

    public enum Event: SceneEvent {
        public enum CodingKeys: CodingKey, CaseIterable {}

        public init(from decoder: any Decoder) throws {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "news.detail takes no events"))
        }
    }

    public struct ViewModel: SceneViewModel, Equatable {
        /// The headline.
        public let title: String
        /// The name of the source that published it, as the list shows it.
        public let source: String
        /// Who wrote it, as NewsAPI names them; null when it names nobody.
        public let author: String?
        /// When it was published.
        public let publishedAt: Instant
        /// How long ago, as the list says it.
        public let age: String
        /// What NewsAPI gives of the text: the content, else the description.
        public let body: String
        /// Where the whole article is, on its publisher's site.
        public let url: String
    }
}
