import Foundation
import ViperCore
import ViperJSON
import ViperStore

/// A session's journal as its apps' stores write it (`JournaledStoreBackend`): each transaction
/// as JSON in the session's journal, `{"s": [statements], "f": failure}`, a statement as
/// `{"q": sql, "c": [columns], "r": [[values]]}` or `{"q": sql, "e": error}`. A value is JSON's
/// own for null, text and integers JSON numbers hold exactly, `{"i": "digits"}` for larger
/// integers, `{"f": number}` for a real, `{"b": base64}` for bytes.
struct SessionStoreJournal: StoreJournal {
    let replay: SessionReplay

    var isReplaying: Bool { replay.isReplaying }
    var isRecording: Bool { replay.isRecording }

    func record(_ transaction: JournaledTransaction) async {
        await replay.record(storeTransaction: Self.json(transaction))
    }

    func writeReceipt(of written: JournaledTransaction, in transaction: any StoreTransaction) async throws {
        guard let receipt = await replay.receipt(adding: Self.json(written)) else { return }
        try await JournalReceiptTable.write(receipt, in: transaction)
    }

    func replayedTransaction() async -> JournaledTransaction? {
        await replay.replayedStoreTransaction().flatMap(Self.transaction)
    }

    // MARK: - JSON

    static func json(_ transaction: JournaledTransaction) -> JSONValue {
        var members: [String: JSONValue] = ["s": .array(transaction.statements.map(json))]
        if let failure = transaction.failure { members["f"] = json(failure) }
        return .object(members)
    }

    static func transaction(_ json: JSONValue) -> JournaledTransaction? {
        guard case .array(let statements)? = json["s"] else { return nil }
        var transaction = JournaledTransaction()
        for statement in statements {
            guard case .string(let sql)? = statement["q"] else { return nil }
            if let error = statement["e"] {
                transaction.statements.append(.init(sql: sql, outcome: .failure(storeError(error))))
                continue
            }
            guard case .array(let names)? = statement["c"], case .array(let rows)? = statement["r"] else { return nil }
            let columns = StoreColumns(names.compactMap { if case .string(let name) = $0 { name } else { nil } })
            var read: [StoreRow] = []
            for row in rows {
                guard case .array(let values) = row else { return nil }
                let decoded = values.compactMap(value)
                guard decoded.count == values.count else { return nil }
                read.append(StoreRow(values: decoded, columns: columns))
            }
            transaction.statements.append(.init(sql: sql, outcome: .success(read)))
        }
        if let failure = json["f"] { transaction.failure = storeError(failure) }
        return transaction
    }

    private static func json(_ statement: JournaledTransaction.Statement) -> JSONValue {
        switch statement.outcome {
        case .success(let rows):
            return ["q": .string(statement.sql), "c": .array((rows.first?.columnNames ?? []).map { .string($0) }), "r": .array(rows.map { .array($0.values.map(json)) })]
        case .failure(let error):
            return ["q": .string(statement.sql), "e": json(error)]
        }
    }

    private static func json(_ error: StoreError) -> JSONValue {
        ["m": .string(error.description), "u": .bool(error.isUnavailable)]
    }

    private static func storeError(_ json: JSONValue) -> StoreError {
        let message = if case .string(let text)? = json["m"] { text } else { "the database failed" }
        return json["u"] == .bool(true) ? .unavailable(message) : .server(message)
    }

    /// Integers JSON numbers (doubles) hold exactly: up to 2^53.
    private static let exactIntegers: ClosedRange<Int64> = -(1 << 53)...(1 << 53)

    private static func json(_ value: StoreValue) -> JSONValue {
        switch value {
        case .null: .null
        case .integer(let number) where exactIntegers.contains(number): .number(Double(number))
        case .integer(let number): ["i": .string(String(number))]
        case .real(let number): ["f": .number(number)]
        case .text(let text): .string(text)
        case .bytes(let bytes): ["b": .string(Data(bytes).base64EncodedString())]
        }
    }

    private static func value(_ json: JSONValue) -> StoreValue? {
        switch json {
        case .null: return .null
        case .number(let number): return .integer(Int64(number))
        case .string(let text): return .text(text)
        case .object(let members):
            if case .string(let digits)? = members["i"], let number = Int64(digits) { return .integer(number) }
            if case .number(let number)? = members["f"] { return .real(number) }
            if case .string(let encoded)? = members["b"], let bytes = Data(base64Encoded: encoded) { return .bytes(Array(bytes)) }
            return nil
        default:
            return nil
        }
    }
}
