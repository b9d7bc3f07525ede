import AppTestSupport
import Testing

@testable import NewsApp

/// URLs of articles, some a character apart.
private let urls = [
    "https://www.reuters.com/business/energy/harbour-city-tidal-power-2026-11-23/",
    "https://www.reuters.com/business/energy/harbour-city-tidal-power-2026-11-23",
    "http://www.reuters.com/business/energy/harbour-city-tidal-power-2026-11-23/",
    "https://www.reuters.com/business/energy/harbour-city-tidal-power-2026-11-23/?utm_source=newsapi",
    "https://www.reuters.com/business/energy/harbour-city-tidal-power-2026-11-24/",
    "https://www.northfieldcourier.test/2026/11/23/library-reopens",
    "https://news.test/136480",
    "https://removed.com",
    "",
]

@Suite("Article ids: FNV-1a over the URL, 16 lowercase hexadecimal digits, the same in every load")
struct ArticleIDTests {
    @Test("The same URL always gives the same id")
    func stable() {
        for url in urls {
            #expect(ArticleID.of(url: url) == ArticleID.of(url: String(url)))
        }
    }

    @Test("An id is the FNV-1a hash of the URL's UTF-8, as the other ends of the wire compute it")
    func knownValues() {
        #expect(ArticleID.of(url: "https://www.reuters.com/business/energy/harbour-city-tidal-power-2026-11-23/") == "8fa4038c41ef3dda")
        #expect(ArticleID.of(url: "https://www.northfieldcourier.test/2026/11/23/library-reopens") == "8f75472b19d5a856")
        // FNV-1a's offset basis: the hash of nothing.
        #expect(ArticleID.of(url: "") == "cbf29ce484222325")
    }

    @Test("A hash with leading zeros keeps them: every id has 16 digits")
    func leadingZerosKept() {
        #expect(ArticleID.of(url: "https://news.test/136480") == "0007b1a10cda9cf0")
    }

    @Test("Every id is 16 lowercase hexadecimal digits", arguments: urls)
    func sixteenLowercaseHexDigits(url: String) {
        let id = ArticleID.of(url: url)
        #expect(id.count == 16, "\(id)")
        #expect(id.allSatisfy { "0123456789abcdef".contains($0) }, "\(id)")
    }

    @Test("Different URLs, even a character apart, give different ids")
    func differentURLsDifferentIDs() {
        let ids = urls.map { ArticleID.of(url: $0) }
        #expect(Set(ids).count == urls.count, "\(ids)")
    }
}
