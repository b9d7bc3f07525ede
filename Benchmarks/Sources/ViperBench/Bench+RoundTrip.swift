/// One request at a time: the latency a front end sees on each keystroke, from writing the
/// request to reading its response, beside `jq -c --unbuffered .` echoing the same line.
extension Bench {
    func roundTrip() throws -> [Row] {
        var viperP50: [Double] = []
        var viperP99: [Double] = []
        var jqP50: [Double] = []
        var jqP99: [Double] = []
        for run in 1...runs {
            note("round trip run \(run)/\(runs)")
            let viper = try latencies(of: serve("--db", ":memory:"), preamble: [
                Workload.initialize, Workload.startApp, Workload.event(3, scene: "todo.list#1", "addTapped"),
            ])
            viperP50.append(viper.percentile(50))
            viperP99.append(viper.percentile(99))
            let jq = try latencies(of: Child(jq, ["-c", "--unbuffered", "."]), preamble: [])
            jqP50.append(jq.percentile(50))
            jqP99.append(jq.percentile(99))
        }
        let p50 = viperP50.median * 1e6
        let p99 = viperP99.median * 1e6
        let reference = "`jq -c --unbuffered .`:"
        return [
            Row("round trip p50, one `titleChanged` at a time (µs)", viper: Format.grouped(p50),
                reference: "\(reference) \(Format.grouped(jqP50.median * 1e6)) µs", ratio: Format.ratio(p50 / (jqP50.median * 1e6))),
            Row("round trip p99 (µs)", viper: Format.grouped(p99),
                reference: "\(reference) \(Format.grouped(jqP99.median * 1e6)) µs", ratio: Format.ratio(p99 / (jqP99.median * 1e6)),
                target: "< 200 µs", met: p99 < 200),
        ]
    }

    /// Sends the preamble, then `roundTrips` keystrokes one at a time, each after the previous
    /// response; returns the seconds each took, the first tenth left out as warm-up.
    private func latencies(of child: Child, preamble: [String]) throws -> [Double] {
        let connection = try child.start()
        for (index, line) in preamble.enumerated() {
            try connection.send(Array(line.utf8))
            try connection.readThrough(prefix: Array(#"{"id":\#(index + 1),"#.utf8))
        }
        let warmUp = roundTrips / 10
        var seconds: [Double] = []
        seconds.reserveCapacity(roundTrips)
        for index in 0..<(warmUp + roundTrips) {
            let id = 4 + index
            let request = Array(Workload.keystroke(id, index: index).utf8)
            // The engine's response starts with its id; jq echoes the request, which does too.
            let prefix = Array((preamble.isEmpty ? #"{"jsonrpc":"2.0","id":\#(id),"# : #"{"id":\#(id),"#).utf8)
            let start = Stopwatch.now()
            try connection.send(request)
            try connection.readThrough(prefix: prefix)
            let elapsed = Stopwatch.now() - start
            if index >= warmUp { seconds.append(elapsed) }
        }
        try connection.finish()
        return seconds
    }
}
