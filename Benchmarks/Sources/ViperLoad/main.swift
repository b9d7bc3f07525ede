import Foundation

#if canImport(Glibc)
import Glibc
#endif

// viper-load: WebSocket sessions on one `viper serve --listen`; prints a Markdown table, and CSV
// with --csv (BENCHMARKS.md). Two modes:
//
//   viper-load --viper PATH [--sessions 100,1000,10000] [--seconds 10] [--stories N]
//              [--pause MILLISECONDS] [--csv FILE]
//
// The story mode (the default): sessions idle, then each playing the ToDo add story in a loop.
// --pause is each session's wait between an answer and its next request, as a person's; 0,
// the default, sends at once and measures the server saturated.
//
//   viper-load --viper PATH --mode keystrokes [--sessions 1,10,100,1000] [--keystrokes 200000]
//              [--window 1000] [--runs 3] [--csv FILE]
//
// The keystroke mode: --keystrokes `titleChanged` events in all, pipelined, first by one
// session over stdio (`viper serve` reading a pipe), then shared by N WebSocket sessions typing
// at once, each keeping at most --window unanswered; the median of --runs runs per row.
//
//   viper-load --viper PATH --mode stores --database URL [--sessions 1,100] [--seconds 10]
//              [--keystrokes 200000] [--nginx /usr/sbin/nginx] [--site deploy/nginx-viper.conf]
//
// The stores mode: saves and keystrokes per second with the data in a SQLite file, in the
// PostgreSQL database at URL (empty; each row works in a workspace of its own) with one
// process keeping journals (the default there) and without (--no-journal), and with two
// processes behind nginx configured by --site; side by side in one run.
//
//   viper-load --viper PATH --mode resume --database URL [--sessions 10,100,1000] [--runs 50]
//
// The resume mode: for each journal length L (--sessions: the requests each session makes
// after starting ToDo, typing its title), --runs sessions each start ToDo, open Add and type
// L keystrokes, then leave; each is resumed on a new connection, and the time from sending the
// resuming `initialize` to its answer is measured: p50 and p99.

var viper = ""
var counts = [100, 1000, 10_000]
var seconds = 10.0
var stories = Int.max
var pause = 0
var csvPath: String?
var mode = "stories"
var keystrokes = 200_000
var window = 1000
var runs = 3
var sessionsGiven = false
var databaseURL = ""
var nginx = "/usr/sbin/nginx"
var site = "deploy/nginx-viper.conf"
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    let value = arguments.next() ?? ""
    switch argument {
    case "--viper": viper = value
    case "--sessions":
        counts = value.split(separator: ",").compactMap { Int($0) }
        sessionsGiven = true
    case "--seconds": seconds = Double(value) ?? seconds
    case "--stories": stories = Int(value) ?? stories
    case "--pause": pause = Int(value) ?? pause
    case "--csv": csvPath = value
    case "--mode": mode = value
    case "--keystrokes": keystrokes = Int(value) ?? keystrokes
    case "--window": window = Int(value) ?? window
    case "--runs": runs = max(1, Int(value) ?? runs)
    case "--database": databaseURL = value
    case "--nginx": nginx = value
    case "--site": site = value
    default:
        FileHandle.standardError.write(Data("viper-load: unknown option \(argument); see the comment at the top of main.swift\n".utf8))
        exit(2)
    }
}
guard !viper.isEmpty, !counts.isEmpty else {
    FileHandle.standardError.write(Data("viper-load: --viper PATH is needed (a release build: swift build -c release)\n".utf8))
    exit(2)
}

// A descriptor per session in this process too.
var limit = rlimit()
getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
limit.rlim_cur = limit.rlim_max
setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)

switch mode {
case "keystrokes":
    runKeystrokes(sessions: sessionsGiven ? counts : [1, 10, 100, 1000])
case "stories":
    runStories()
case "stores":
    runStores(sessions: sessionsGiven ? counts : [1, 100])
case "resume":
    runResumes(lengths: sessionsGiven ? counts : [10, 100, 1000])
default:
    FileHandle.standardError.write(Data("viper-load: --mode is stories, keystrokes, stores or resume, not \(mode)\n".utf8))
    exit(2)
}

@MainActor func runStories() {
    print("Each session waits \(pause) ms between an answer and its next request; \(seconds) s per row.\n")
    print("| sessions | connect (s) | idle memory per session (kB) | events/s | p50 (µs) | p99 (µs) | max (µs) | p99 of each session's slowest (µs) | fewest stories per session | server CPU (cores) |")
    print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    var csv = "pause_ms,sessions,connect_s,idle_kb_per_session,requests,events_per_s,p50_us,p99_us,max_us,p99_session_max_us,fewest_stories,server_cores\n"
    for count in counts {
        do {
            let f = try LoadRun(viper: viper, sessions: count, seconds: seconds, stories: stories, pause: .milliseconds(pause)).measure()
            print("| \(f.sessions) | \(String(format: "%.1f", f.connectSeconds)) | \(String(format: "%.1f", f.idleKilobytesPerSession)) | \(Int(f.eventsPerSecond)) | \(Int(f.p50Microseconds)) | \(Int(f.p99Microseconds)) | \(Int(f.maxMicroseconds)) | \(Int(f.p99OfSessionMaxMicroseconds)) | \(f.fewestStories) | \(String(format: "%.2f", f.serverCores)) |")
            csv += "\(pause),\(f.sessions),\(f.connectSeconds),\(f.idleKilobytesPerSession),\(f.requests),\(f.eventsPerSecond),\(f.p50Microseconds),\(f.p99Microseconds),\(f.maxMicroseconds),\(f.p99OfSessionMaxMicroseconds),\(f.fewestStories),\(f.serverCores)\n"
        } catch {
            FileHandle.standardError.write(Data("viper-load: \(count) sessions: \(error)\n".utf8))
            exit(1)
        }
    }
    if let csvPath { try? csv.write(toFile: csvPath, atomically: true, encoding: .utf8) }
}

@MainActor func runKeystrokes(sessions: [Int]) {
    let run = KeystrokeRun(viper: viper, keystrokes: keystrokes, window: window)
    print("\(keystrokes) pipelined `titleChanged` events in all, at most \(window) unanswered per WebSocket session; the median of \(runs) runs.\n")
    print("| transport | sessions | events/s | × stdio | server CPU (cores) | client CPU (cores) |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    var csv = "transport,sessions,events_per_s,ratio_to_stdio,server_cores,client_cores\n"
    do {
        let stdio = median(try (0..<runs).map { _ in try run.stdio() })
        print("| stdio | 1 | \(grouped(stdio.eventsPerSecond)) | 1.00× | \(String(format: "%.2f", stdio.serverCores)) | \(String(format: "%.2f", stdio.clientCores)) |")
        csv += "stdio,1,\(stdio.eventsPerSecond),1,\(stdio.serverCores),\(stdio.clientCores)\n"
        for count in sessions {
            let figures = median(try (0..<runs).map { _ in try run.webSocket(sessions: count) })
            let ratio = figures.eventsPerSecond / stdio.eventsPerSecond
            print("| WebSocket | \(grouped(Double(count))) | \(grouped(figures.eventsPerSecond)) | \(String(format: "%.2f", ratio))× | \(String(format: "%.2f", figures.serverCores)) | \(String(format: "%.2f", figures.clientCores)) |")
            csv += "websocket,\(count),\(figures.eventsPerSecond),\(ratio),\(figures.serverCores),\(figures.clientCores)\n"
        }
    } catch {
        FileHandle.standardError.write(Data("viper-load: \(error)\n".utf8))
        exit(1)
    }
    if let csvPath { try? csv.write(toFile: csvPath, atomically: true, encoding: .utf8) }
}

@MainActor func runStores(sessions: [Int]) {
    guard !databaseURL.isEmpty else {
        FileHandle.standardError.write(Data("viper-load: --mode stores needs --database URL, an empty PostgreSQL database\n".utf8))
        exit(2)
    }
    let run = StoreRun(viper: viper, databaseURL: databaseURL, nginx: nginx, site: site, seconds: seconds)
    let setups: [StoreRun.Setup] = [
        .sqlite, .postgres(processes: 1, journals: true), .postgres(processes: 1, journals: false), .postgres(processes: 2, journals: true),
    ]
    print("Saves: each session plays the ToDo add story as fast as it is answered, \(seconds) s a row, all in one workspace (every session's list hears every save) or each in its own. Keystrokes: \(keystrokes) pipelined `titleChanged` events shared by the sessions. viper's CPU is every viper process's; the machine's is every process's (viper, PostgreSQL, nginx, the generator), of 2 cores.\n")
    print("| data | workload | sessions | per second | × one session | viper CPU (cores) | machine CPU (cores) |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: |")
    var csv = "setup,workload,sessions,per_second,server_cores,machine_cores\n"
    do {
        for setup in setups {
            for workload in ["saves, one workspace", "saves, a workspace each", "keystrokes"] {
                var first: Double?
                for count in sessions {
                    let figures = switch workload {
                    case "keystrokes": try run.keystrokes(setup, sessions: count, keystrokes: keystrokes, window: window)
                    case "saves, one workspace": try run.saves(setup, sessions: count)
                    default: try run.saves(setup, sessions: count, workspaceEach: true)
                    }
                    let ratio = first.map { figures.perSecond / $0 } ?? 1
                    if first == nil { first = figures.perSecond }
                    print("| \(setup) | \(workload) | \(grouped(Double(count))) | \(grouped(figures.perSecond)) | \(String(format: "%.2f", ratio))× | \(String(format: "%.2f", figures.serverCores)) | \(String(format: "%.2f", figures.machineCores)) |")
                    csv += "\(setup),\(workload),\(count),\(figures.perSecond),\(figures.serverCores),\(figures.machineCores)\n"
                }
            }
        }
    } catch {
        FileHandle.standardError.write(Data("viper-load: \(error)\n".utf8))
        exit(1)
    }
    if let csvPath { try? csv.write(toFile: csvPath, atomically: true, encoding: .utf8) }
}

/// The run with the median events/s.
func median(_ runs: [KeystrokeRun.Figures]) -> KeystrokeRun.Figures {
    runs.sorted { $0.eventsPerSecond < $1.eventsPerSecond }[runs.count / 2]
}

/// `value` rounded, with thousands separated by commas.
func grouped(_ value: Double) -> String {
    let digits = String(Int(value.rounded()))
    var result = ""
    for (index, digit) in digits.enumerated() {
        if index > 0 && (digits.count - index) % 3 == 0 { result += "," }
        result.append(digit)
    }
    return result
}

@MainActor func runResumes(lengths: [Int]) {
    guard !databaseURL.isEmpty else {
        FileHandle.standardError.write(Data("viper-load: --mode resume needs --database URL, an empty PostgreSQL database\n".utf8))
        exit(2)
    }
    print("Each of \(runs) sessions starts ToDo, opens Add and types L keystrokes, then leaves; each is resumed on a new connection to `viper serve --listen --database`: the time from the resuming `initialize` to its answer.\n")
    print("| requests in the journal | resumes | p50 (ms) | p99 (ms) | max (ms) |")
    print("| ---: | ---: | ---: | ---: | ---: |")
    var csv = "journal_requests,resumes,p50_ms,p99_ms,max_ms\n"
    do {
        let server = try ListeningServer(viper: viper, arguments: ["--database", databaseURL, "--max-sessions", "\(max(runs, 10) * 2)"])
        for length in lengths {
            let times = try ResumeRun(port: server.port, keystrokes: length).measure(sessions: runs).sorted()
            let percentile = { (p: Double) in times[min(times.count - 1, Int((Double(times.count) * p).rounded(.up)) - 1)] }
            // The journal holds app.start, addTapped and the keystrokes.
            print("| \(grouped(Double(length + 2))) | \(times.count) | \(String(format: "%.1f", percentile(0.5))) | \(String(format: "%.1f", percentile(0.99))) | \(String(format: "%.1f", times.last!)) |")
            csv += "\(length + 2),\(times.count),\(percentile(0.5)),\(percentile(0.99)),\(times.last!)\n"
        }
    } catch {
        FileHandle.standardError.write(Data("viper-load: \(error)\n".utf8))
        exit(1)
    }
    if let csvPath { try? csv.write(toFile: csvPath, atomically: true, encoding: .utf8) }
}
