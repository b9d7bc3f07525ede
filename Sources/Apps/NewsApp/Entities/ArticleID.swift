/// An article's id: FNV-1a over its URL, in hexadecimal. NewsAPI gives articles no id, and the
/// URL is the one field that names the same article in every load; hashing it keeps ids short
/// and free of characters a View would have to escape.
enum ArticleID {
    static func of(url: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in url.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
