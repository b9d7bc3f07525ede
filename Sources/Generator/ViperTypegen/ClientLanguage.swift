/// The languages `typegen` writes clients in.
package enum ClientLanguage: String, CaseIterable, Sendable {
    /// An npm package folder: ES modules with their `.d.ts` declarations, for `tsc --strict`.
    case typescript
    /// A Gradle-style source tree on Android's own `org.json` and `java.time`.
    case kotlin
    /// A package for Apple platforms and Linux that needs Foundation alone.
    case swift
    /// A package of `TypedDict`s and scene classes over the Python client `viper_client`, for
    /// `mypy --strict`.
    case python

    /// The files of the client of `api` in this language, for the package named `packageName`.
    package func files(for api: ClientAPI, packageName: String) throws(TypegenError) -> [GeneratedFile] {
        switch self {
        case .typescript: try TypeScriptWriter(api: api, packageName: packageName).files()
        case .kotlin: try KotlinWriter(api: api, packageName: packageName).files()
        case .swift: try SwiftWriter(api: api, moduleName: packageName).files()
        case .python: try PythonWriter(api: api, packageName: packageName).files()
        }
    }

    /// The package name a client of `command`'s apps gets when none is given: `viper-apps` for
    /// npm, `viper.apps` for Kotlin, `ViperApps` for Swift, `viper_apps` for Python.
    package func defaultPackageName(command: String) -> String {
        let word = command.lowercased().filter { $0.isASCII && ($0.isLetter || $0.isNumber) }
        switch self {
        case .typescript: return "\(command)-apps"
        case .kotlin: return (word.first?.isLetter == true ? word : "app" + word) + ".apps"
        case .swift: return (word.first?.isLetter == true ? word.prefix(1).uppercased() + word.dropFirst() : "App" + word) + "Apps"
        case .python: return (word.first?.isLetter == true ? word : "app" + word) + "_apps"
        }
    }
}
