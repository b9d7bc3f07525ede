#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The programs under test and their references, where to keep the workload files, and how
/// often to repeat each measurement. Each measurement runs the engine and its reference in
/// turn, run after run, so both see the same machine, and reports medians.
struct Bench {
    let viper: String
    let hello: String
    let jq: String
    let sqlite3: String
    /// The project's example transcripts, which the golden-runner row replays.
    let examples: String
    /// A scratch folder for request files and databases.
    let work: String
    /// Runs per measurement; the table shows medians.
    let runs: Int
    /// Workload sizes; the issue's by default, smaller with `--quick`.
    let keystrokes: Int
    let roundTrips: Int
    let saves: Int
    let scaleTotal: Int
    let scaleWindow: Int
    /// How many times the golden-runner row copies the example transcripts.
    let transcriptCopies: Int

    func path(_ name: String) -> String { work + "/" + name }

    /// Writes `text` to `name` in the work folder and returns its path.
    func file(_ name: String, _ text: String) throws -> String {
        let path = path(name)
        try write(text, to: path)
        return path
    }

    /// Writes `text` to the file at `path`.
    func write(_ text: String, to path: String) throws {
        guard let handle = fopen(path, "w") else { throw BenchError("cannot write \(path)") }
        defer { fclose(handle) }
        var text = text
        text.withUTF8 { _ = fwrite($0.baseAddress, 1, $0.count, handle) }
    }

    /// Reads a whole file.
    func read(_ path: String) throws -> [UInt8] {
        guard let handle = fopen(path, "r") else { throw BenchError("cannot read \(path)") }
        defer { fclose(handle) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = fread(&chunk, 1, chunk.count, handle)
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<count])
        }
    }

    func remove(_ path: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
    }

    /// Runs `child` and fails unless it exits 0.
    @discardableResult
    func succeed(_ child: Child, input: String? = nil, output: String? = nil) throws -> Child.Run {
        let run = try child.run(input: input, output: output)
        guard run.status == 0 else {
            throw BenchError("\(child.executable) \(child.arguments.joined(separator: " ")) exited with status \(run.status)")
        }
        return run
    }

    /// `viper serve` with `arguments`.
    func serve(_ arguments: String...) -> Child {
        Child(viper, ["serve"] + arguments)
    }

    /// Says what is going on, on stderr, so stdout holds only the table.
    func note(_ text: String) {
        printToStandardError("bench: \(text)\n")
    }
}
