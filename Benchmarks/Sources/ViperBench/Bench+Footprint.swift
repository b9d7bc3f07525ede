#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the engine costs to keep: the size of the binary `bin/viper` builds, and the most
/// memory a ToDo session holds (`initialize`, `app.start`, one whole add story saved).
extension Bench {
    func footprint() throws -> [Row] {
        let story = Workload.saves(count: 1, dueDay: Workload.windowFirstDay).split(separator: "\n")
        var peaks: [Double] = []
        for run in 1...runs {
            note("footprint run \(run)/\(runs)")
            let connection = try serve("--db", ":memory:").start()
            for line in story { try connection.send(Array(line.utf8)) }
            try connection.readThrough(prefix: Array(#"{"id":\#(story.count),"#.utf8))
            peaks.append(Double(try connection.peakResidentBytes()))
            try connection.finish()
        }
        return [
            Row("binary size (`bin/viper`: release, Swift runtime and Foundation linked statically, symbols stripped and not exported)", viper: Format.mebibytes(try fileSize(viper))),
            Row("peak memory of a ToDo session: `initialize`, `app.start`, one add story saved (maximum resident set)",
                viper: Format.mebibytes(Int(peaks.median))),
        ]
    }

    private func fileSize(_ path: String) throws -> Int {
        var info = stat()
        guard stat(path, &info) == 0 else { throw BenchError("cannot read the size of \(path)") }
        return Int(info.st_size)
    }
}
