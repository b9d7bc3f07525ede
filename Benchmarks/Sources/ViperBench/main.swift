#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// bin/bench builds the programs and calls this with their paths; see BENCHMARKS.md.
let usage = """
    usage: viper-bench --viper PATH --hello PATH --jq PATH --sqlite3 PATH --examples DIR --work DIR [--runs N] [--quick] [--only NAME,...] [--growth-csv FILE]
    Prints the benchmark table (Markdown) on stdout; progress goes to stderr.
    NAME is one of throughput, roundtrip, coldstart, scale, footprint, saves, golden, and growth,
    which runs only when named: it writes the list's render time and memory for 1,000 to 50,000
    ToDos to FILE (CSV, for Benchmarks/plot_growth.py).
    """

var options: [String: String] = [:]
var flags: Set<String> = []
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--quick": flags.insert(argument)
    case "--viper", "--hello", "--jq", "--sqlite3", "--examples", "--work", "--runs", "--only", "--growth-csv":
        guard let value = arguments.popFirst() else { printToStandardError(usage + "\n"); exit(2) }
        options[argument] = value
    default:
        printToStandardError(usage + "\n")
        exit(2)
    }
}
guard let viper = options["--viper"], let hello = options["--hello"], let jq = options["--jq"],
    let sqlite3 = options["--sqlite3"], let examples = options["--examples"], let work = options["--work"]
else {
    printToStandardError(usage + "\n")
    exit(2)
}
let quick = flags.contains("--quick")
let bench = Bench(
    viper: viper, hello: hello, jq: jq, sqlite3: sqlite3, examples: examples, work: work,
    runs: options["--runs"].flatMap { Int($0) } ?? (quick ? 3 : 5),
    keystrokes: quick ? 20_000 : 200_000,
    roundTrips: quick ? 1_000 : 5_000,
    saves: quick ? 200 : 2_000,
    scaleTotal: quick ? 10_000 : 100_000,
    scaleWindow: quick ? 1_000 : 10_000,
    transcriptCopies: quick ? 5 : 50)
let measurements: [(String, () throws -> [Row])] = [
    ("throughput", bench.throughput), ("roundtrip", bench.roundTrip), ("coldstart", bench.coldStart),
    ("scale", bench.scale), ("footprint", bench.footprint), ("saves", bench.durableSaves), ("golden", bench.goldenRunner),
]
let only = options["--only"].map { Set($0.split(separator: ",").map(String.init)) }
var rows: [Row] = []
do {
    for (name, measure) in measurements where only?.contains(name) ?? true {
        rows += try measure()
    }
    if only?.contains("growth") == true {
        rows += try bench.growth(csvPath: options["--growth-csv"] ?? bench.path("growth.csv"))
    }
} catch {
    printToStandardError("bench: \(error)\n")
    exit(1)
}
print(Row.table(rows))
