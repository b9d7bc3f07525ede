import Foundation
import ViperStore

/// Keeps the last headlines that loaded in the workspace's database, table `news_articles`,
/// so the list has something to show before the next load and when it fails.
struct ArticleCache: Sendable {
    let store: Store

    static let migrations = [
        StoreMigration("news v1: articles") { dialect in
            [
                """
                CREATE TABLE news_articles (
                    position \(dialect.integerKey),
                    id TEXT NOT NULL,
                    title TEXT NOT NULL,
                    source TEXT NOT NULL,
                    author TEXT,
                    summary TEXT,
                    content TEXT,
                    url TEXT NOT NULL,
                    published_at \(dialect.real) NOT NULL
                )
                """
            ]
        }
    ]

    func load() async throws -> [Article] {
        try await store.read { db in
            try await db.query("SELECT id, title, source, author, summary, content, url, published_at FROM news_articles ORDER BY position")
                .map { row in
                    Article(
                        id: try row.get("id"), title: try row.get("title"), sourceName: try row.get("source"), author: try row.get("author"),
                        summary: try row.get("summary"), content: try row.get("content"), url: try row.get("url"),
                        publishedAt: try row.get("published_at"))
                }
        }
    }

    /// Replaces what is kept with `articles`, in one transaction.
    func replace(with articles: [Article]) async throws {
        try await store.write { db in
            try await db.execute("DELETE FROM news_articles")
            for (position, article) in articles.enumerated() {
                try await db.execute(
                    "INSERT INTO news_articles (position, id, title, source, author, summary, content, url, published_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    position, article.id, article.title, article.sourceName, article.author, article.summary, article.content, article.url,
                    article.publishedAt)
            }
        }
    }
}
