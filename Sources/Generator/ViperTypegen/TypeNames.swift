/// The names of a client's types, made from the wire's names, each given once.
struct TypeNames {
    private var owners: [String: String] = [:]

    /// `name`, now taken by `owner`; two owners of one name are an error, not a silent suffix,
    /// so that a type's name never depends on the order of the apps.
    mutating func claim(_ name: String, for owner: String) throws(TypegenError) -> String {
        if let first = owners[name] { throw .sameTypeName(name, first, owner) }
        owners[name] = owner
        return name
    }

    /// `todo.add` → `TodoAdd`, `dueDate` → `DueDate`: each run of letters and digits with its
    /// first letter in upper case, joined; a leading digit gets an underscore before it.
    static func pascalCase(_ wireName: String) -> String {
        let words = wireName.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
        let joined = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        guard let first = joined.first else { return "_" }
        return first.isNumber ? "_" + joined : joined
    }

    /// `todo.add` → `todoAdd`: `pascalCase` with its first letter in lower case.
    static func camelCase(_ wireName: String) -> String {
        let pascal = pascalCase(wireName)
        return pascal.prefix(1).lowercased() + pascal.dropFirst()
    }

    /// The name of one element of a list member: `sections` → `section`, `entries` → `entry`;
    /// a name that does not end in a plural `s` gets `Item` (`news` → `newsItem`).
    static func singular(_ name: String) -> String {
        if name.hasSuffix("ies"), name.count > 3 { return name.dropLast(3) + "y" }
        if name.hasSuffix("s"), !name.hasSuffix("ss"), !name.hasSuffix("us"), name != "news", name.count > 1 { return String(name.dropLast()) }
        return name + "Item"
    }
}
