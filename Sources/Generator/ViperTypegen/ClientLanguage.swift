/// The languages `typegen` writes clients in.
package enum ClientLanguage: String, CaseIterable, Sendable {
    /// An npm package folder: ES modules with their `.d.ts` declarations, for `tsc --strict`.
    case typescript

    /// The files of the client of `api` in this language, for the package named `packageName`.
    package func files(for api: ClientAPI, packageName: String) throws(TypegenError) -> [GeneratedFile] {
        switch self {
        case .typescript: try TypeScriptWriter(api: api, packageName: packageName).files()
        }
    }
}
