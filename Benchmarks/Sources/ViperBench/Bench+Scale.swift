/// A big store: the time `app.start` takes to show a list of `scaleWindow` ToDos out of
/// `scaleTotal`, and the engine's peak memory, beside `sqlite3` printing the same rows as JSON.
extension Bench {
    func scale() throws -> [Row] {
        let database = try scaleDatabase(total: scaleTotal, window: scaleWindow)
        var renderSeconds: [Double] = []
        var peaks: [Double] = []
        var sqliteSeconds: [Double] = []
        var sqlitePeaks: [Double] = []
        let query = try file("window.sql", Workload.windowQuery + "\n")
        for run in 1...runs {
            note("scale run \(run)/\(runs)")
            let (seconds, peak) = try renderList(database: database, window: scaleWindow)
            renderSeconds.append(seconds)
            peaks.append(Double(peak))
            let reference = try succeed(Child(sqlite3, ["-json", database]), input: query)
            sqliteSeconds.append(reference.seconds)
            sqlitePeaks.append(Double(try sqlitePeak(database: database)))
        }
        let render = renderSeconds.median * 1000
        let sqlite = sqliteSeconds.median * 1000
        let peak = Int(peaks.median)
        let sqlitePeak = Int(sqlitePeaks.median)
        let window = Format.grouped(Double(scaleWindow))
        let total = Format.grouped(Double(scaleTotal))
        return [
            Row("list render: `app.start` showing \(window) of \(total) stored ToDos (ms)", viper: Format.decimal(render, places: 1),
                reference: "`sqlite3 -json` selecting the same rows, whole process: \(Format.decimal(sqlite, places: 1)) ms",
                ratio: Format.ratio(render / sqlite), target: "< 40 ms", met: render < 40),
            Row("peak memory of that engine (maximum resident set)", viper: Format.mebibytes(peak),
                reference: "`sqlite3 -json`: \(Format.mebibytes(sqlitePeak))", ratio: Format.ratio(Double(peak) / Double(sqlitePeak)),
                target: "< 100 MB", met: peak < 100 * 1_048_576),
        ]
    }

    /// One engine on `database`, initialized, then the seconds from sending `app.start` to
    /// reading its response (the list of `window` ToDos rendered), and the engine's peak memory.
    func renderList(database: String, window: Int) throws -> (seconds: Double, peakBytes: Int) {
        let connection = try serve("--db", database).start()
        try connection.send(Array(Workload.initialize.utf8))
        try connection.readThrough(prefix: Array(#"{"id":1,"#.utf8))
        let start = Stopwatch.now()
        try connection.send(Array(Workload.startApp.utf8))
        let lines = try connection.readThrough(prefix: Array(#"{"id":2,"#.utf8))
        let seconds = Stopwatch.now() - start
        try checkList(lines, window: window)
        let peak = try connection.peakResidentBytes()
        try connection.finish()
        return (seconds, peak)
    }

    /// The peak memory of `sqlite3 -json` printing the list's rows: read while it waits for
    /// more input, after the rows and a last marker row are out.
    private func sqlitePeak(database: String) throws -> Int {
        let connection = try Child(sqlite3, ["-json", database]).start()
        try connection.send(Array(Workload.windowQuery.utf8))
        try connection.send(Array("SELECT 'viper-bench' AS marker;".utf8))
        try connection.readThrough(prefix: Array(#"[{"marker":"#.utf8))
        let peak = try connection.peakResidentBytes()
        try connection.finish()
        return peak
    }

    /// The render must hold every ToDo of the window, or the figure would measure less work.
    private func checkList(_ lines: [ArraySlice<UInt8>], window: Int) throws {
        guard lines.count == 3 else { throw BenchError("app.start wrote \(lines.count) lines, not 3") }
        let marker = Array(#""dueDay":"#.utf8)
        var count = 0
        var index = lines[1].startIndex
        let render = lines[1]
        while index + marker.count <= render.endIndex {
            if render[index] == marker[0] && render[index..<index + marker.count].elementsEqual(marker) { count += 1 }
            index += 1
        }
        guard count == window else { throw BenchError("the list showed \(count) ToDos, not \(window)") }
    }

    /// A database the engine created, filled by `sqlite3` with `total` ToDos, `window` of them
    /// in the list's window.
    func scaleDatabase(total: Int, window: Int) throws -> String {
        let database = path("scale.sqlite")
        remove(database)
        try succeed(serve("--db", database), input: try file("initialize.jsonl", Workload.initialize + "\n"))
        note("filling \(database) with \(total) ToDos")
        try succeed(Child(sqlite3, [database]), input: try file("scale.sql", Workload.scaleRows(total: total, inWindow: window)))
        return database
    }
}
