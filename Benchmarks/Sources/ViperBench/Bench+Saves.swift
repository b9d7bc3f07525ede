/// Durable saves: whole save stories per second through `viper serve` on a database file, each
/// ToDo committed (write-ahead log, `synchronous = FULL`) before its response, beside the
/// `sqlite3` command inserting the same rows one transaction each with the same setting.
extension Bench {
    func durableSaves() throws -> [Row] {
        // Due after the list's window: every save still re-renders the list, which stays as
        // long as it was, so the figure does not depend on how many saves came before.
        let dueDay = "2026-12-15"
        let requests = try file("saves.jsonl", Workload.saves(count: saves, dueDay: dueDay))
        let inserts = try file("inserts.sql", Workload.sqliteInserts(count: saves, dueDay: dueDay))
        var viperSeconds: [Double] = []
        var sqliteSeconds: [Double] = []
        for run in 1...runs {
            note("saves run \(run)/\(runs)")
            let engineFile = try freshDatabase("saves-viper.sqlite")
            viperSeconds.append(try succeed(serve("--db", engineFile), input: requests).seconds)
            try expectRows(saves, in: engineFile)
            let sqliteFile = try freshDatabase("saves-sqlite.sqlite")
            sqliteSeconds.append(try succeed(Child(sqlite3, [sqliteFile]), input: inserts).seconds)
            try expectRows(saves, in: sqliteFile)
        }
        let viper = Double(saves) / viperSeconds.median
        let sqlite = Double(saves) / sqliteSeconds.median
        var rows = [Row(
            "durable saves: \(Format.grouped(Double(saves))) save stories of 4 requests each (saves/s)", viper: Format.grouped(viper),
            reference: "`sqlite3`, one INSERT per transaction: \(Format.grouped(sqlite)) rows/s",
            ratio: Format.ratio(viper / sqlite), target: "≥ 0.5×", met: viper / sqlite >= 0.5)]
        rows.append(try savesBesideABigList())
        return rows
    }

    /// The same saves into the scale database, whose list holds `scaleWindow` ToDos: each save
    /// re-renders all of them, as the contract asks. No target; it shows what the list costs.
    private func savesBesideABigList() throws -> Row {
        let count = max(1, saves / 20)
        let requests = try file("saves-big.jsonl", Workload.saves(count: count, dueDay: "2026-12-15"))
        let source = try scaleDatabase(total: scaleTotal, window: scaleWindow)
        var seconds: [Double] = []
        for run in 1...runs {
            note("saves beside a big list, run \(run)/\(runs)")
            let database = path("saves-big.sqlite")
            remove(database)
            try succeed(Child("/bin/cp", [source, database]))
            seconds.append(try succeed(serve("--db", database), input: requests).seconds)
        }
        return Row(
            "the same saves with \(Format.grouped(Double(scaleWindow))) ToDos in the list, each save re-rendering them (saves/s)",
            viper: Format.grouped(Double(count) / seconds.median))
    }

    /// An empty database with the engine's schema, made by the engine itself.
    private func freshDatabase(_ name: String) throws -> String {
        let database = path(name)
        remove(database)
        try succeed(serve("--db", database), input: try file("initialize.jsonl", Workload.initialize + "\n"))
        return database
    }

    private func expectRows(_ count: Int, in database: String) throws {
        let output = path("count.out")
        try succeed(Child(sqlite3, [database, "SELECT count(*) FROM todo;"]), output: output)
        let text = String(decoding: try read(output), as: UTF8.self).split(separator: "\n").first.map(String.init)
        guard text == String(count) else { throw BenchError("\(database) holds \(text ?? "no") rows, not \(count)") }
    }
}
