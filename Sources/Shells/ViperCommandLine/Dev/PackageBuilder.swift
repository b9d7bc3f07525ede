import Foundation

/// Builds a package's command with SwiftPM, in debug (a one-line change rebuilds in seconds),
/// as `dev` does at its start and on each saved change.
struct PackageBuilder: Sendable {
    /// A build that failed, with what the compiler said first.
    struct Failure: Error, CustomStringConvertible {
        /// The first errors, each with the lines of code it shows; or the output's end when it
        /// names no error (a linker's failure).
        let firstErrors: String
        var description: String { firstErrors }
    }

    /// The package's folder, where `Package.swift` is.
    let packageRoot: URL
    /// The executable product to build (`viper`, or the command `viper new` made).
    let product: String
    /// SwiftPM's build folder, when not the package's `.build`.
    let scratchPath: String?

    /// Builds the product; returns the path of the built binary, or throws the compiler's
    /// first errors.
    func build() async throws(Failure) -> String {
        let built = await ProcessOutput.run("/usr/bin/env", ["swift", "build", "--product", product] + options)
        guard built.status == 0 else { throw Failure(firstErrors: Self.firstErrors(in: built.output)) }
        let folder = await ProcessOutput.run("/usr/bin/env", ["swift", "build", "--show-bin-path"] + options)
        // The path is the one line that is a path: SwiftPM's warnings may come around it.
        let binPath = folder.output.split(separator: "\n").last { $0.hasPrefix("/") }.map(String.init) ?? ""
        guard folder.status == 0, !binPath.isEmpty else { throw Failure(firstErrors: "swift build --show-bin-path failed:\n" + folder.output) }
        return URL(fileURLWithPath: binPath).appendingPathComponent(product).path
    }

    /// Where the package is and where it builds, as SwiftPM takes them.
    private var options: [String] {
        ["--package-path", packageRoot.path] + (scratchPath.map { ["--scratch-path", $0] } ?? [])
    }

    /// At most `count` of the errors in a build's output, each with the code excerpt the
    /// compiler prints under it, told apart from the repeats SwiftPM prints; else its last lines.
    static func firstErrors(in output: String, count: Int = 3) -> String {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var errors: [String] = []
        var seen: Set<String> = []
        var index = 0
        while index < lines.count, errors.count < count {
            let line = lines[index]
            index += 1
            guard line.contains("error:"), seen.insert(line).inserted else { continue }
            var error = [line]
            // The excerpt: `12 |     code` lines, and the `|` lines that point into them.
            while index < lines.count, lines[index].contains(" | ") || lines[index].trimmingCharacters(in: .whitespaces).hasPrefix("|") {
                error.append(lines[index])
                index += 1
            }
            errors.append(error.joined(separator: "\n"))
        }
        if errors.isEmpty { return lines.suffix(15).joined(separator: "\n").trimmingCharacters(in: .newlines) }
        return errors.joined(separator: "\n")
    }
}
