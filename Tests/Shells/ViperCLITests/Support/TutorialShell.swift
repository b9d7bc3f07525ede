import Foundation

/// A shell in which a reader follows the tutorial: bash, in the folder the previous commands
/// left, with the `viper` under test first on `PATH`.
///
/// `swift build`, `swift test` and `swift run` keep their build in `scratch`, one folder that
/// every generated package of a test run shares, so that viper's libraries are compiled once:
/// a shell function adds `--scratch-path` after the subcommand and changes nothing else.
struct TutorialShell {
    private(set) var folder: String
    private let environment: [String: String]
    private let prelude: String

    init(folder: String, scratch: String) {
        self.folder = folder
        var environment = ProcessInfo.processInfo.environment
        let viperFolder = URL(fileURLWithPath: ViperBinary.path).deletingLastPathComponent().path
        environment["PATH"] = viperFolder + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        self.environment = environment
        prelude = """
            set -euo pipefail
            swift() { local subcommand="$1"; shift; command swift "$subcommand" --scratch-path '\(scratch)' "$@"; }

            """
    }

    /// Runs `script` with `input` on its standard input; the folder it ends in is where the
    /// next script starts.
    mutating func run(_ script: String, input: String = "") throws -> CommandRun {
        let marker = folder + "/.tutorial-folder-\(UUID().uuidString)"
        let wrapped = prelude + "cd '\(folder)'\n" + script + "\npwd > '\(marker)'\n"
        let run = try CommandRun("/bin/bash", ["-c", wrapped], in: folder, environment: environment, input: input)
        if let next = try? String(contentsOfFile: marker, encoding: .utf8) {
            try? FileManager.default.removeItem(atPath: marker)
            folder = next.trimmingCharacters(in: .newlines)
        }
        return run
    }

    /// Starts `command` in the current folder, to talk to while the files change (`dev`).
    func start(_ command: String) throws -> ServeProcess {
        try ServeProcess(arguments: ["-c", prelude + "cd '\(folder)'\n" + command + "\n"], environment: environment, executable: "/bin/bash")
    }

    /// Writes `text` to `path`, relative to the current folder, making its folders.
    func write(_ text: String, to path: String) throws {
        let file = URL(fileURLWithPath: folder).appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
    }
}
