import Foundation

/// A news article as the list and the detail show it, from NewsAPI's shape.
struct Article: Sendable, Equatable {
    /// Stable across loads: made from the article's URL (`ArticleID`).
    let id: String
    let title: String
    let sourceName: String
    let author: String?
    let summary: String?
    let content: String?
    let url: String
    let publishedAt: Date
}
