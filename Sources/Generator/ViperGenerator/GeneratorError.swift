/// Why `viper new` made nothing: what was wrong, and what to do instead.
package struct GeneratorError: Error, CustomStringConvertible, Equatable {
    package let description: String

    private init(_ description: String) {
        self.description = description
    }

    static func notAnIdentifier(_ name: String, what: String) -> GeneratorError {
        GeneratorError("'\(name)' is not a name for \(what): use letters and digits, starting with a letter, such as Greeter or UserProfile")
    }

    static func exists(_ path: String) -> GeneratorError {
        GeneratorError("\(path) already exists; choose another name, or remove it first")
    }

    static func notAPackage(_ path: String) -> GeneratorError {
        GeneratorError("\(path) is not a Swift package (it has no Package.swift); run this in the folder `viper new package` made, or pass --package-path")
    }

    static func noApp(_ name: String, in path: String, apps: [String]) -> GeneratorError {
        let known = apps.isEmpty ? "none" : apps.joined(separator: ", ")
        return GeneratorError("no app named '\(name)' in \(path)/Sources (its apps: \(known)); pass one of them to --app")
    }

    static func notGenerated(_ path: String) -> GeneratorError {
        GeneratorError("\(path) is missing, or lacks its `static let all` and `static let scenes` lists, so the new screen cannot be added to the home; new modules go into apps made by `viper new package`")
    }

    static func cannotWrite(_ path: String, _ reason: String) -> GeneratorError {
        GeneratorError("cannot write \(path): \(reason); nothing was changed")
    }

    package static func noViperCheckout() -> GeneratorError {
        GeneratorError("cannot tell where viper's package is: pass --viper-path with the folder of a viper checkout, or --viper-url with its git URL")
    }

    static func template(_ name: String, _ reason: String) -> GeneratorError {
        GeneratorError("the template \(name) cannot be read: \(reason); the viper installation is damaged, build it again")
    }
}
