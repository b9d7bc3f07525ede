import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// `viper serve --listen` on 127.0.0.1 and a port the system picks, in a process of its own,
/// with what the load generator reads of it: its port, resident memory and CPU time.
final class ListeningServer {
    let pid: pid_t
    let port: UInt16
    private let errors: FileHandle

    /// Starts `viper` with `arguments` after `serve --listen 127.0.0.1:0` and waits until it
    /// says where it listens.
    init(viper: String, arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: viper)
        process.arguments = ["serve", "--listen", "127.0.0.1:0"] + arguments
        let stderr = Pipe()
        process.standardError = stderr
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        pid = process.processIdentifier
        errors = stderr.fileHandleForReading
        var said = ""
        while !said.contains("\n") {
            let chunk = errors.availableData
            guard !chunk.isEmpty else { throw LoadError("viper serve --listen exited before it listened: \(said)") }
            said += String(decoding: chunk, as: UTF8.self)
        }
        guard let range = said.range(of: #"127\.0\.0\.1:(\d+)"#, options: .regularExpression),
            let port = UInt16(said[range].split(separator: ":")[1])
        else { throw LoadError("viper serve --listen did not say its port: \(said)") }
        self.port = port
    }

    deinit {
        kill(pid, SIGTERM)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }

    /// Resident memory now, in kilobytes (VmRSS).
    var residentKilobytes: Int {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    /// CPU time used so far, user and system, in seconds.
    var cpuSeconds: Double {
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        // The fields after the command's closing parenthesis; utime and stime are the 12th and 13th.
        let fields = stat.split(separator: ")").last?.split(separator: " ") ?? []
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}

/// Why a load run stopped.
struct LoadError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
