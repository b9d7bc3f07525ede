/// One of the news API's bundled articles; its `publishedAt` is `minutesAgo` before the
/// server's clock, so the news always looks fresh.
struct SampleArticle: Sendable {
    let category: String
    let minutesAgo: Int
    let sourceID: String?
    let sourceName: String
    let author: String?
    let title: String
    let description: String?
    let content: String

    /// Every bundled article, newest first.
    static let all: [SampleArticle] = ArticleData.blocks
        .split(separator: "\n\n")
        .map { block in
            let lines = block.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            precondition(lines.count == 8, "an article of ArticleData has \(lines.count) lines, not 8: \(lines.first ?? "")")
            func optional(_ line: String) -> String? { line == "-" ? nil : line }
            return SampleArticle(
                category: lines[0], minutesAgo: Int(lines[1])!, sourceID: optional(lines[2]), sourceName: lines[3],
                author: optional(lines[4]), title: lines[5], description: optional(lines[6]), content: lines[7])
        }
        .sorted { $0.minutesAgo < $1.minutesAgo }

    /// A stable address for the article, made from its source and title.
    var url: String {
        let slug = title.lowercased().unicodeScalars
            .map { CharacterSetMembership.isAlphanumeric($0) ? String($0) : "-" }
            .joined()
            .split(separator: "-").joined(separator: "-")
        let site = (sourceID ?? sourceName.lowercased().split(separator: " ").joined(separator: "-"))
        return "https://news.example/\(site)/\(slug)"
    }
}

private enum CharacterSetMembership {
    static func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))
    }
}
