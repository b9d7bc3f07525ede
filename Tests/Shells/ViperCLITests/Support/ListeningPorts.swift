import Foundation

/// The TCP ports a process listens on, read from Linux's /proc: its sockets' inodes, matched
/// with the listening sockets of /proc/net/tcp (and tcp6).
enum ListeningPorts {
    static func of(_ process: pid_t) -> Set<UInt16> {
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(process)/fd")) ?? []
        let inodes = Set(descriptors.compactMap { descriptor -> String? in
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(process)/fd/\(descriptor)"),
                target.hasPrefix("socket:[")
            else { return nil }
            return String(target.dropFirst(8).dropLast())
        })
        var ports: Set<UInt16> = []
        for table in ["/proc/\(process)/net/tcp", "/proc/\(process)/net/tcp6"] {
            guard let text = ProcFile.text(table) else { continue }
            for line in text.split(separator: "\n").dropFirst() {
                let fields = line.split(separator: " ", omittingEmptySubsequences: true)
                // local_address is field 1 (ADDRESS:PORT in hex), st is field 3 (0A: listening), inode field 9.
                guard fields.count > 9, fields[3] == "0A", inodes.contains(String(fields[9])),
                    let port = fields[1].split(separator: ":").last.flatMap({ UInt16($0, radix: 16) })
                else { continue }
                ports.insert(port)
            }
        }
        return ports
    }
}
