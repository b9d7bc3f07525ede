#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The golden-file runner: transcripts per second through `viper test` in process (sessions in
/// the runner's own process), beside the same transcripts with `--exec`, where each starts its
/// own `viper serve` process: the in-process mode exists to avoid that work.
extension Bench {
    func goldenRunner() throws -> [Row] {
        let folder = try copiedExamples()
        let count = try transcripts(in: folder)
        let exec = "--exec=\(viper) serve --db :memory:"
        try checkAllPass(Child(viper, ["test", folder]), count: count)
        try checkAllPass(Child(viper, ["test", exec, folder]), count: count)
        var inProcess: [Double] = []
        var separate: [Double] = []
        for run in 1...runs {
            note("golden runner run \(run)/\(runs)")
            inProcess.append(try succeed(Child(viper, ["test", folder])).seconds)
            separate.append(try succeed(Child(viper, ["test", exec, folder])).seconds)
        }
        let rate = Double(count) / inProcess.median
        let execRate = Double(count) / separate.median
        return [Row(
            "golden runner: \(Format.grouped(Double(count))) transcripts, in process (transcripts/s)",
            viper: Format.grouped(rate),
            reference: "`viper test --exec \"viper serve --db :memory:\"`: \(Format.grouped(execRate)) transcripts/s",
            ratio: Format.ratio(rate / execRate))]
    }

    /// `transcriptCopies` copies of every example transcript, in folders of their own.
    private func copiedExamples() throws -> String {
        let folder = path("transcripts")
        let examples = try files(in: examples + "/todo")
        for copy in 1...transcriptCopies {
            let target = folder + "/copy\(copy)"
            mkdir(folder, 0o755)
            mkdir(target, 0o755)
            for example in examples {
                let text = String(decoding: try read(self.examples + "/todo/" + example), as: UTF8.self)
                _ = try file("transcripts/copy\(copy)/" + example, text)
            }
        }
        return folder
    }

    private func transcripts(in folder: String) throws -> Int {
        try files(in: examples + "/todo").count * transcriptCopies
    }

    /// The `*.transcript` files of a folder, by name.
    private func files(in folder: String) throws -> [String] {
        guard let directory = opendir(folder) else { throw BenchError("cannot read \(folder)") }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasSuffix(".transcript") { names.append(name) }
        }
        guard !names.isEmpty else { throw BenchError("no transcripts in \(folder)") }
        return names.sorted()
    }

    /// The figures mean something only if every transcript passes.
    private func checkAllPass(_ child: Child, count: Int) throws {
        let output = path("golden-check.out")
        try succeed(child, output: output)
        let last = String(decoding: try read(output), as: UTF8.self).split(separator: "\n").last.map(String.init)
        guard last == "\(count) passed, 0 failed" else {
            throw BenchError("viper test did not pass every transcript: \(last ?? "no output")")
        }
    }
}
