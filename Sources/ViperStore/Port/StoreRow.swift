/// A row a query gave: its values in the order the query selects them, read by position or by
/// column name, each read throwing a `StoreError` that names the column rather than trapping,
/// since a file another tool wrote can hold anything.
public struct StoreRow: Sendable {
    /// The values, in the query's order.
    public let values: [StoreValue]
    private let columns: StoreColumns

    /// A row of `values` under `columns`'s names.
    package init(values: [StoreValue], columns: StoreColumns) {
        self.values = values
        self.columns = columns
    }

    /// The names of the row's columns, in the query's order.
    package var columnNames: [String] { columns.names }

    /// The value at `index` as `Value`.
    public func get<Value: StoreColumnValue>(_ index: Int, as type: Value.Type = Value.self) throws(StoreError) -> Value {
        guard values.indices.contains(index) else {
            throw .unreadable("the query gave \(values.count) columns, not a column \(index + 1)")
        }
        do {
            return try Value(storeValue: values[index])
        } catch {
            throw .unreadable(column: columns.names[index], found: error.found, expected: error.expected)
        }
    }

    /// The value of the column called `name` as `Value`.
    public func get<Value: StoreColumnValue>(_ name: String, as type: Value.Type = Value.self) throws(StoreError) -> Value {
        guard let index = columns.index(of: name) else {
            throw .unreadable("the query gave no column \(name)")
        }
        return try get(index)
    }
}
