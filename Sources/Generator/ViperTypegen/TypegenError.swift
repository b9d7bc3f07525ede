/// Why `typegen` wrote nothing: what was wrong, and what to do instead.
package struct TypegenError: Error, CustomStringConvertible, Equatable {
    package let description: String

    init(_ description: String) {
        self.description = description
    }

    static func notADescription(_ path: String, _ problem: String) -> TypegenError {
        TypegenError("the engine's description cannot be read at \(path): \(problem); it must be what engine.describe answers a 1.1 session")
    }

    static func sameTypeName(_ name: String, _ first: String, _ second: String) -> TypegenError {
        TypegenError("\(first) and \(second) would both be the type \(name); rename one of them")
    }

    static func notAPackageName(_ name: String, language: String, example: String) -> TypegenError {
        TypegenError("'\(name)' is not a \(language) package name; give --package-name one such as \(example)")
    }

    static func runtimeMissing(_ path: String) -> TypegenError {
        TypegenError("the client runtime \(path) is missing beside the binary; build it again with `swift build`")
    }

    static func cannotWrite(_ path: String, _ reason: String) -> TypegenError {
        TypegenError("cannot write \(path): \(reason)")
    }
}
