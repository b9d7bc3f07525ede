import ViperJSON

/// `debug.injectFault`: the next run of `operation` fails with `message`. Exists only in engines
/// started with fault injection enabled; elsewhere it is an unknown method.
struct InjectFaultRequest: WireRequest {
    typealias Result = EmptyResult
    static let method = WireMethod.injectFault.rawValue
    static let journaling = RequestJournaling.kept

    /// The operation to fail, one the apps declare (`todo.save`).
    var operation: String
    /// The failure's message, which the app shows as the reason.
    var message: String
}

extension InjectFaultRequest {
    static func paramsConstraints(_ scope: SchemaScope) -> [String: JSONValue] {
        ["operation": ["enum": .array(scope.apps.flatMap(\.faultOperations).map { .string($0) })]]
    }
}
