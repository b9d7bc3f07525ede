import Foundation

#if canImport(Glibc)
import Glibc
#endif

// viper-load: WebSocket sessions on one `viper serve --listen`, idle and then each playing the
// ToDo add story in a loop; prints a Markdown table, and CSV with --csv (BENCHMARKS.md).
//
//   viper-load --viper PATH [--sessions 100,1000,10000] [--seconds 10] [--stories N]
//              [--pause MILLISECONDS] [--csv FILE]
//
// --pause is each session's wait between an answer and its next request, as a person's; 0,
// the default, sends at once and measures the server saturated.

var viper = ""
var counts = [100, 1000, 10_000]
var seconds = 10.0
var stories = Int.max
var pause = 0
var csvPath: String?
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    let value = arguments.next() ?? ""
    switch argument {
    case "--viper": viper = value
    case "--sessions": counts = value.split(separator: ",").compactMap { Int($0) }
    case "--seconds": seconds = Double(value) ?? seconds
    case "--stories": stories = Int(value) ?? stories
    case "--pause": pause = Int(value) ?? pause
    case "--csv": csvPath = value
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
if let csvPath { try csv.write(toFile: csvPath, atomically: true, encoding: .utf8) }
