import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// What another process costs right now, read from Linux's /proc: the CPU time it has used, its
/// resident memory, and its open files.
struct ProcessUsage {
    /// User and system CPU time since the process started, in seconds.
    let cpuSeconds: Double
    /// Resident memory (VmRSS), in bytes.
    let residentBytes: Int
    /// Open file descriptors.
    let openFiles: Int

    init(of process: pid_t) throws {
        let stat = try String(contentsOfFile: "/proc/\(process)/stat", encoding: .utf8)
        // The command name, in parentheses, may hold spaces: fields are counted after it.
        let fields = stat[stat.index(after: try #require(stat.lastIndex(of: ")")))...].split(separator: " ")
        // utime and stime are fields 14 and 15 of stat(5), the 12th and 13th after the name.
        let ticks = (Double(fields[11]) ?? 0) + (Double(fields[12]) ?? 0)
        cpuSeconds = ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
        let status = try String(contentsOfFile: "/proc/\(process)/status", encoding: .utf8)
        let rss = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") }
        residentBytes = (rss.flatMap { Int($0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") } ?? 0) * 1024
        openFiles = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(process)/fd").count
    }
}
