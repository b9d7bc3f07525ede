import Foundation
import ViperCore
import ViperJSON
import ViperStore

/// The receipts session journals' writes carry, in the table `viper_journal_receipts` of every
/// workspace's database: at most one per journal and owner, the newest, its entries and cut
/// sealed as JSON (`{"c": cut, "e": [[number, entry], …]}`).
enum JournalReceiptTable {
    /// A receipt read back and opened.
    struct Receipt {
        /// The number of its last entry.
        let through: Int
        /// Where the journal is cut, if it is.
        let cut: Int?
        let entries: [JournalEntry]
    }

    /// The sealed text of `entries`, cut before `cut`.
    static func payload(_ entries: [JournalEntry], cut: Int?) -> String {
        var members: [String: JSONValue] = ["e": .array(entries.map { .array([.number(Double($0.sequence)), .string($0.text)]) })]
        if let cut { members["c"] = .number(Double(cut)) }
        return JSONWriter.string(.object(members))
    }

    /// What a receipt of `journal` by `owner` is sealed for.
    static func context(journal: String, owner: String) -> String {
        "\(journal)/receipt/\(owner)"
    }

    /// Writes `receipt` in `transaction`, in place of the one its owner wrote before.
    static func write(_ receipt: JournalReceipt, in transaction: any StoreTransaction) async throws {
        try await transaction.execute(
            """
            INSERT INTO viper_journal_receipts (journal, owner, through, entries, expires_at) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (journal, owner) DO UPDATE SET through = excluded.through, entries = excluded.entries, expires_at = excluded.expires_at
            """,
            [.text(receipt.journal), .text(receipt.owner), .integer(Int64(receipt.through)), .bytes(receipt.sealed), .integer(receipt.expiresAt)])
    }

    /// The receipts of `journal` in `database`: whether there are any, and the one `owner` last
    /// wrote, opened with `seal` (nil when it wrote none, or it does not open). One read, which
    /// a resume makes: most journals have none.
    static func find(of journal: String, by owner: String, in database: any StoreBackend, seal: JournalSeal) async throws -> (any: Bool, owners: Receipt?) {
        let rows = try await Store(database).read { db in
            try await db.query("SELECT owner, entries FROM viper_journal_receipts WHERE journal = ?", journal)
        }
        guard let row = try rows.first(where: { try $0.get("owner") as String == owner }) else { return (!rows.isEmpty, nil) }
        let sealed: [UInt8] = try row.get("entries")
        guard let text = seal.open(sealed, context: context(journal: journal, owner: owner)),
            let json = try? JSONParser.parse(Array(text.utf8)), case .array(let pairs)? = json["e"]
        else { return (true, nil) }
        var entries: [JournalEntry] = []
        for pair in pairs {
            guard case .array(let parts) = pair, parts.count == 2, case .number(let number) = parts[0], case .string(let entry) = parts[1] else {
                return (true, nil)
            }
            entries.append(JournalEntry(sequence: Int(number), text: entry))
        }
        let cut: Int? = if case .number(let number)? = json["c"] { Int(number) } else { nil }
        return (true, Receipt(through: entries.last?.sequence ?? 0, cut: cut, entries: entries))
    }

    /// Removes the receipts of `journal` (by `owner` only, when given) from `database`.
    static func remove(of journal: String, by owner: String? = nil, in database: any StoreBackend) async throws {
        try await Store(database).write { db in
            if let owner {
                try await db.execute("DELETE FROM viper_journal_receipts WHERE journal = ? AND owner = ?", journal, owner)
            } else {
                try await db.execute("DELETE FROM viper_journal_receipts WHERE journal = ?", journal)
            }
        }
    }

    /// Removes the receipts of journals that have expired from `database`: those of sessions
    /// whose process died and that nobody resumed.
    static func purgeExpired(in database: any StoreBackend, now: Date = Date()) async {
        let milliseconds = Int64((now.timeIntervalSince1970 * 1000).rounded(.down))
        _ = try? await Store(database).write { db in
            try await db.execute("DELETE FROM viper_journal_receipts WHERE expires_at <= ?", milliseconds)
        }
    }
}
