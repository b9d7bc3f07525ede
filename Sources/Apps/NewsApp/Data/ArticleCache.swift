import Foundation
import GRDB
import ViperStore

/// Keeps the last headlines that loaded in the engine's SQLite database, table
/// `news_articles`, so the list has something to show before the next load and when it fails.
struct ArticleCache: Sendable {
    let database: StoreDatabase

    static let migrations = [
        StoreMigration("news v1: articles") { db in
            try db.execute(
                sql: """
                    CREATE TABLE news_articles (
                        position INTEGER PRIMARY KEY,
                        id TEXT NOT NULL,
                        title TEXT NOT NULL,
                        source TEXT NOT NULL,
                        author TEXT,
                        summary TEXT,
                        content TEXT,
                        url TEXT NOT NULL,
                        published_at REAL NOT NULL
                    )
                    """)
        }
    ]

    func load() throws -> [Article] {
        try database.read { db in
            try Row.fetchAll(db, sql: "SELECT id, title, source, author, summary, content, url, published_at FROM news_articles ORDER BY position")
                .map { row in
                    Article(
                        id: row["id"], title: row["title"], sourceName: row["source"], author: row["author"], summary: row["summary"],
                        content: row["content"], url: row["url"], publishedAt: Date(timeIntervalSince1970: row["published_at"]))
                }
        }
    }

    /// Replaces what is kept with `articles`, in one transaction.
    func replace(with articles: [Article]) throws {
        try database.write { db in
            try db.execute(sql: "DELETE FROM news_articles")
            for (position, article) in articles.enumerated() {
                try db.execute(
                    sql: "INSERT INTO news_articles (position, id, title, source, author, summary, content, url, published_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    arguments: [
                        position, article.id, article.title, article.sourceName, article.author, article.summary, article.content, article.url,
                        article.publishedAt.timeIntervalSince1970,
                    ])
            }
        }
    }
}
