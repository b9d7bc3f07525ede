import Foundation

/// The style rules of viper's code that a program can check, on a package's `Package.swift`,
/// `Sources/` and `Tests/`: viper's own and every package `viper new` makes.
///
/// - Every Swift target takes the shared settings, which enable `ExistentialAny` and
///   `MemberImportVisibility`.
/// - One primary type per file, named after it. A file of extensions is named `Type+Aspect`,
///   and extends `Type`. A module's role files name their type after the module: `XContract`
///   declares its scene (`…Scene`), `XFlows` the flows' namespace `X`, a VIP `XView` extends the
///   View state with `XDisplayLogic`, and `…Doubles` holds test doubles.
///   A file without types (free functions, constants) holds no extension either.
/// - A `///` line on every public declaration of `Sources/`. A declaration that implements a
///   protocol's requirement (`kind`, `build(with:context:)`, `description`) takes the
///   requirement's summary, as DocC shows it, so it needs none of its own; these are known by
///   name from the protocols of `protocolRoots` and of the standard library.
/// - Tests are Swift Testing's: no file imports XCTest, and every `…Tests.swift` imports Testing.
struct StyleRules {
    struct Violation: CustomStringConvertible, Equatable {
        let file: String
        let line: Int
        let rule: String

        var description: String { "\(file):\(line): \(rule)" }
    }

    /// Requirements of the standard library's protocols that public types implement.
    private static let standardRequirements: Set<String> = [
        "description", "debugDescription", "customMirror", "init(from", "encode(to", "hash(into", "init(rawValue", "rawValue",
        "init(stringLiteral", "==", "<", "CodingKeys", "makeIterator", "next", "callAsFunction",
    ]

    /// The names of protocol requirements, whose implementations need no summary of their own.
    private let requirements: Set<String>

    /// Rules that know the requirements of the protocols declared under `protocolRoots`
    /// (viper's `Sources/`, and the package's own).
    init(protocolRoots: [URL]) {
        var requirements = Self.standardRequirements
        for file in protocolRoots.flatMap(Self.swiftFiles(under:)) {
            guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
            requirements.formUnion(Self.requirementNames(in: text))
        }
        self.requirements = requirements
    }

    /// Every violation in the package at `root`.
    func violations(inPackage root: URL) throws -> [Violation] {
        var violations = try packageViolations(root)
        for folder in ["Sources", "Tests"] {
            for file in Self.swiftFiles(under: root.appendingPathComponent(folder)) {
                let text = try String(contentsOf: file, encoding: .utf8)
                let path = String(file.path.dropFirst(root.path.count + 1))
                violations += layoutViolations(path: path, text: text)
                violations += testingViolations(path: path, text: text)
                if folder == "Sources" { violations += documentationViolations(path: path, text: text) }
            }
        }
        return violations
    }

    // MARK: - Package.swift

    private func packageViolations(_ root: URL) throws -> [Violation] {
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        var violations: [Violation] = []
        for feature in ["ExistentialAny", "MemberImportVisibility"] where !manifest.contains(".enableUpcomingFeature(\"\(feature)\")") {
            violations.append(Violation(file: "Package.swift", line: 1, rule: "the shared settings do not enable \(feature)"))
        }
        // A declaration opens its parentheses at the end of its line; `.target(name: …, condition: …)`
        // in a list of dependencies is no declaration.
        let targets = manifest.split(separator: /\.(target|executableTarget|testTarget)\(\s*\n/).dropFirst()
        for target in targets {
            guard let name = target.firstMatch(of: /name: "(\w+)"/)?.output.1 else { continue }
            // A target's declaration ends where the next one starts; a C target has no Swift.
            if !target.contains("swiftSettings: sharedSettings"), Self.hasSwift(target: String(name), declaration: target, in: root) {
                violations.append(Violation(file: "Package.swift", line: 1, rule: "the target \(name) does not take `swiftSettings: sharedSettings`"))
            }
        }
        return violations
    }

    private static func hasSwift(target: String, declaration: Substring, in root: URL) -> Bool {
        let folder: URL
        if let path = declaration.firstMatch(of: /path: "([^"]+)"/)?.output.1 {
            folder = root.appendingPathComponent(String(path))
        } else {
            let candidates = ["Sources", "Tests"].map { root.appendingPathComponent($0).appendingPathComponent(target) }
            guard let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0.path) }) else { return true }
            folder = found
        }
        return !swiftFiles(under: folder).isEmpty
    }

    // MARK: - One primary type per file

    private func layoutViolations(path: String, text: String) -> [Violation] {
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        let declarations = Self.topLevelDeclarations(in: text)
        let types = declarations.filter { $0.kind != "extension" }.map(\.name)
        let extended = declarations.filter { $0.kind == "extension" }.map(\.name)
        let violation = { (rule: String) in [Violation(file: path, line: 1, rule: rule)] }

        if let plus = name.firstIndex(of: "+") {
            let owner = String(name[..<plus])
            return extended.contains(owner) ? [] : violation("a `\(owner)+Aspect` file that does not extend \(owner) (it extends \(extended))")
        }
        if types.contains(name) { return [] }
        for (suffix, isMet) in Self.roleFiles where name.hasSuffix(suffix) && name != suffix {
            let module = String(name.dropLast(suffix.count))
            return isMet(module, types, text) ? [] : violation("a module's \(suffix) file whose content does not follow the role's convention")
        }
        if types.isEmpty && extended.isEmpty { return [] }
        if types.isEmpty { return violation("a file of extensions of \(extended) is not named `Type+Aspect.swift`") }
        return violation("the file is not named after its primary type (it declares \(types))")
    }

    /// The role files of a module, and what each declares.
    private static let roleFiles: [(suffix: String, isMet: @Sendable (String, [String], String) -> Bool)] = [
        ("Contract", { _, types, _ in types.contains { $0.hasSuffix("Scene") } }),
        ("Flows", { module, types, _ in types.contains(module) }),
        ("View", { module, _, text in text.contains("\(module)DisplayLogic") }),
        ("Doubles", { _, types, _ in !types.isEmpty }),
    ]

    /// The types and extensions a file declares at its top level (not indented).
    private static func topLevelDeclarations(in text: String) -> [(kind: String, name: String)] {
        text.split(separator: "\n").compactMap { line in
            // Swift's regexes are slow: only unindented lines can declare at the top level.
            guard let first = line.first, first != " ", first != "/", first != "}" else { return nil }
            guard let match = line.firstMatch(of: /^(?:@\w+\s+)*(?:(?:public|package|internal|private|fileprivate|final|open|nonisolated|indirect)\s+)*(struct|enum|class|actor|protocol|extension)\s+(\[?[A-Za-z_][\w]*)/) else { return nil }
            let name = String(match.output.2)
            return (String(match.output.1), name.hasPrefix("[") ? "Array" : name)
        }
    }

    // MARK: - `///` on public declarations

    private func documentationViolations(path: String, text: String) -> [Violation] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var violations: [Violation] = []
        for (index, line) in lines.enumerated() {
            guard line.contains("public ") || line.contains("open "), let match = line.firstMatch(of: Self.publicDeclaration) else { continue }
            let name = match.output.name.map(String.init) ?? ""
            if requirements.contains(name) || requirements.contains(where: { $0.contains("(") && line.contains($0) }) { continue }
            var above = index - 1
            while above >= 0, lines[above].trimmingCharacters(in: .whitespaces).hasPrefix("@") { above -= 1 }
            if above < 0 || !lines[above].trimmingCharacters(in: .whitespaces).hasPrefix("///") {
                violations.append(Violation(file: path, line: index + 1, rule: "a public declaration without a `///` summary: \(line.trimmingCharacters(in: .whitespaces).prefix(60))"))
            }
        }
        return violations
    }

    private static var publicDeclaration: Regex<(Substring, name: Substring?)> {
        /^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:public|open)\s+(?:(?:static|final|override|nonisolated|convenience|required|mutating|class|indirect)\s+)*(?:func|var|let|struct|enum|class|actor|protocol|typealias|subscript|case|associatedtype|init)\s*(?<name>[A-Za-z_]\w*|[<=>!+\-*\/]+|\()?/
    }

    /// The names of the requirements of the protocols `text` declares: what a `func`, `var`,
    /// `init` or `associatedtype` in a protocol's body names.
    private static func requirementNames(in text: String) -> Set<String> {
        var names: Set<String> = []
        var depth: Int?
        for line in text.split(separator: "\n") {
            if depth == nil, line.contains("protocol "), line.contains(/^\s*(?:public |package )?protocol\s+\w+/), line.hasSuffix("{") { depth = 0 }
            guard let current = depth else { continue }
            if current == 1, let match = line.firstMatch(of: /^\s*(?:@\w+\s+)*(?:(?:static|mutating|nonisolated)\s+)*(func|var|let|associatedtype|subscript)\s+([A-Za-z_][\w]*)/) {
                names.insert(String(match.output.2))
            }
            depth = current + line.count(where: { $0 == "{" }) - line.count(where: { $0 == "}" })
            if let updated = depth, updated <= 0, line.contains("}") { depth = nil }
        }
        return names
    }

    // MARK: - Swift Testing

    private func testingViolations(path: String, text: String) -> [Violation] {
        if text.contains(/(?m)^import XCTest/) { return [Violation(file: path, line: 1, rule: "a test on XCTest; write it with Swift Testing")] }
        if path.hasSuffix("Tests.swift"), !text.contains(/(?m)^(@testable )?import Testing/) {
            return [Violation(file: path, line: 1, rule: "a test file that does not import Testing")]
        }
        return []
    }

    /// The Swift files under `folder`, templates and build folders left out.
    private static func swiftFiles(under folder: URL) -> [URL] {
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? []
        return files.filter { $0.pathExtension == "swift" && !$0.path.contains("/.build") && !$0.path.contains("/Templates/") }
            .sorted { $0.path < $1.path }
    }
}
