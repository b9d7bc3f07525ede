public import ViperCore

/// The `news.detail` scene: one article, handed over by the list. It has no events of its own;
/// `view.back` pops it.
public enum NewsDetailScene: SceneContract {
    public static let kind: SceneKind = "news.detail"

    public enum Event: SceneEvent {
        public enum CodingKeys: CodingKey, CaseIterable {}

        public init(from decoder: any Decoder) throws {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "news.detail takes no events"))
        }
    }

    public struct ViewModel: SceneViewModel, Equatable {
        public let title: String
        public let source: String
        public let author: String?
        public let publishedAt: Instant
        /// How long ago, as the list says it.
        public let age: String
        /// What NewsAPI gives of the text: the content, else the description.
        public let body: String
        public let url: String
    }
}
