/// Pipelined keystrokes: how many `view.event` requests per second `viper serve` answers when
/// they arrive as fast as it reads them, beside `jq -c .` merely parsing and printing each line.
extension Bench {
    func throughput() throws -> [Row] {
        let requests = try file("keystrokes.jsonl", Workload.keystrokes(count: keystrokes))
        try checkKeystrokeOutput()
        let lines = Double(keystrokes + 3)
        var viperSeconds: [Double] = []
        var jqSeconds: [Double] = []
        for run in 1...runs {
            note("throughput run \(run)/\(runs)")
            viperSeconds.append(try succeed(serve("--db", ":memory:"), input: requests).seconds)
            jqSeconds.append(try succeed(Child(jq, ["-c", "."]), input: requests).seconds)
        }
        let events = Double(keystrokes) / viperSeconds.median
        let jqLines = lines / jqSeconds.median
        let ratio = events / jqLines
        return [Row(
            "throughput: \(Format.grouped(Double(keystrokes))) pipelined `titleChanged` events (events/s)",
            viper: Format.grouped(events), reference: "`jq -c .`: \(Format.grouped(jqLines)) lines/s",
            ratio: Format.ratio(ratio), target: "≥ 1.1×", met: ratio >= 1.1)]
    }

    /// The engine must answer every keystroke with a render and a response, or the figure would
    /// measure something else; checked once on a short file.
    private func checkKeystrokeOutput() throws {
        let count = 1000
        let requests = try file("keystrokes-check.jsonl", Workload.keystrokes(count: count))
        let output = path("keystrokes-check.out")
        try succeed(serve("--db", ":memory:"), input: requests, output: output)
        let lines = try read(output).split(separator: UInt8(ascii: "\n"))
        let expected = #"{"id":\#(count + 3),"jsonrpc":"2.0","result":{}}"#
        guard lines.count == 2 * count + 7, lines.last.map({ String(decoding: $0, as: UTF8.self) }) == expected else {
            throw BenchError("viper serve did not answer the keystrokes as expected (\(lines.count) lines)")
        }
    }
}
