/// An object type: a view model, an event's data, or an object nested in one, with the name a
/// client gives its type (`TodoListSection`).
package struct ClientRecord: Equatable, Sendable {
    package let typeName: String
    package let fields: [ClientField]

    /// The records nested in this one, at any depth, innermost first: the order in which
    /// languages that want a type declared before its use declare them.
    package var nestedRecords: [ClientRecord] {
        fields.flatMap { field in Self.records(in: field.type) }
    }

    private static func records(in type: ClientValueType) -> [ClientRecord] {
        switch type {
        case .array(let element): records(in: element)
        case .record(let record): record.nestedRecords + [record]
        case .string, .bool, .integer, .number, .day, .instant, .secret: []
        }
    }
}
