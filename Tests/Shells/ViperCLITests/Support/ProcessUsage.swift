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
        let stat = try #require(ProcFile.text("/proc/\(process)/stat"), "process \(process) is gone")
        // The command name, in parentheses, may hold spaces: fields are counted after it.
        let fields = stat[stat.index(after: try #require(stat.lastIndex(of: ")")))...].split(separator: " ")
        // utime and stime are fields 14 and 15 of stat(5), the 12th and 13th after the name.
        let ticks = (Double(fields[11]) ?? 0) + (Double(fields[12]) ?? 0)
        cpuSeconds = ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
        let status = try #require(ProcFile.text("/proc/\(process)/status"), "process \(process) is gone")
        let rss = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") }
        residentBytes = (rss.flatMap { Int($0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") } ?? 0) * 1024
        openFiles = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(process)/fd").count
    }

    /// What each open file descriptor of `process` is (a path, `socket:[…]`, `pipe:[…]`), in
    /// descriptor order: what a failing count of open files shows.
    /// A TCP socket shows its ports and state (`socket:[…] 127.0.0.1:8080 ← :51234 01`).
    static func openFileTargets(of process: pid_t) -> [String] {
        let folder = "/proc/\(process)/fd"
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let sockets = tcpSockets(of: process)
        return descriptors.compactMap(Int.init).sorted().map { descriptor in
            let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\(descriptor)")) ?? "?"
            let inode = target.hasPrefix("socket:[") ? String(target.dropFirst(8).dropLast()) : ""
            return "\(descriptor) → \(target)" + (sockets[inode].map { " " + $0 } ?? "")
        }
    }

    /// The process's TCP sockets by inode: local port, remote port and state (hexadecimal, as
    /// /proc/net/tcp writes them: 0A listens, 01 is established, 08 waits to close).
    private static func tcpSockets(of process: pid_t) -> [String: String] {
        var sockets: [String: String] = [:]
        for table in ["tcp", "tcp6"] {
            guard let text = ProcFile.text("/proc/\(process)/net/\(table)") else { continue }
            for line in text.split(separator: "\n").dropFirst() {
                let fields = line.split(separator: " ")
                guard fields.count > 9 else { continue }
                let port = { (address: Substring) in address.split(separator: ":").last.flatMap { Int($0, radix: 16) }.map(String.init) ?? "?" }
                sockets[String(fields[9])] = ":\(port(fields[1])) ← :\(port(fields[2])) \(fields[3])"
            }
        }
        return sockets
    }
}
