/// Cold start: from starting `viper serve` to its exit, having answered `initialize`, beside a
/// Swift program that only prints one line. The target is the first answer a front end that
/// spawns the engine waits for; the ratio to the minimal program, which no binary that links
/// Foundation can bring near 1 (BENCHMARKS.md, the floor), is shown beside it.
extension Bench {
    func coldStart() throws -> [Row] {
        let request = try file("initialize.jsonl", Workload.initialize + "\n")
        let output = path("initialize.out")
        try succeed(serve("--db", ":memory:"), input: request, output: output)
        guard String(decoding: try read(output), as: UTF8.self).hasPrefix(#"{"id":1,"jsonrpc":"2.0","result":{"apps":["#) else {
            throw BenchError("viper serve did not answer initialize")
        }
        var viperSeconds: [Double] = []
        var helloSeconds: [Double] = []
        let count = runs * 6
        note("cold start, \(count) runs each")
        for _ in 1...count {
            viperSeconds.append(try succeed(serve("--db", ":memory:"), input: request).seconds)
            helloSeconds.append(try succeed(Child(hello)).seconds)
        }
        let viper = viperSeconds.median * 1000
        let reference = helloSeconds.median * 1000
        let ratio = viper / reference
        return [Row(
            "cold start: start, answer `initialize`, exit (ms)", viper: Format.decimal(viper),
            reference: "Swift `print(\"hello\")`: \(Format.decimal(reference)) ms", ratio: Format.ratio(ratio),
            target: "≤ 15 ms", met: viper <= 15)]
    }
}
