import ViperJSON

/// `debug.injectFault`: the next run of `operation` fails with `message`. Exists only in engines
/// started with fault injection enabled; elsewhere it is an unknown method.
package struct InjectFaultRequest: WireRequest, ViewRequest {
    typealias Result = EmptyResult
    package static let wireMethod = WireMethod.injectFault
    static let journaling = RequestJournaling.kept

    package init(operation: String, message: String) {
        self.operation = operation
        self.message = message
    }

    /// The operation to fail, one the apps declare (`todo.save`).
    package var operation: String
    /// The failure's message, which the app shows as the reason.
    package var message: String
}

extension InjectFaultRequest {
    static func paramsConstraints(_ scope: SchemaScope) -> [String: JSONValue] {
        ["operation": ["enum": .array(scope.apps.flatMap(\.faultOperations).map { .string($0) })]]
    }
}
