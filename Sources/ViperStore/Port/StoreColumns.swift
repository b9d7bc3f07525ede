/// The names of a query's columns, shared by its rows.
package final class StoreColumns: Sendable {
    package let names: [String]
    private let indexes: [String: Int]

    package init(_ names: [String]) {
        self.names = names
        var indexes: [String: Int] = [:]
        for (index, name) in names.enumerated() where indexes[name] == nil { indexes[name] = index }
        self.indexes = indexes
    }

    func index(of name: String) -> Int? { indexes[name] }
}
