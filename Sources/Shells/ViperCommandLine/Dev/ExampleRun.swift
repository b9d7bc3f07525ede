import Foundation

/// The package's transcripts under `examples/`, run by a new build of its command (`test
/// examples/`, in that command's process), as `dev` runs them after each rebuild.
struct ExampleRun: Sendable {
    /// The package's folder.
    let packageRoot: URL
    /// The built command.
    let binary: String

    /// How many pass, and a line for each that fails; nil when the package has no `examples/`.
    func report() async -> String? {
        guard FileManager.default.fileExists(atPath: packageRoot.appendingPathComponent("examples").path) else { return nil }
        let run = await ProcessOutput.run(binary, ["test", "examples/"], in: packageRoot, environment: ["NO_COLOR": "1"])
        let lines = run.output.split(separator: "\n").map(String.init)
        let failures = lines.filter { $0.hasPrefix("✘ ") }.map { "  " + $0 }
        guard let summary = lines.last(where: { $0.contains(" passed, ") }) else {
            return "· examples/ did not run: " + (lines.last ?? "test exited with status \(run.status)")
        }
        return (["· examples/: \(summary)"] + failures).joined(separator: "\n")
    }
}
