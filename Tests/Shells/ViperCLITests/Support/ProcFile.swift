import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A file of Linux's /proc, read whole. Foundation reads a file in one read of the size `stat`
/// gives, which /proc reports as 0, and so gets its first 4 KiB only: /proc/net/tcp is longer
/// as soon as the machine holds a few dozen TCP sockets, and the ports past that were missed.
enum ProcFile {
    /// The file's text; nil when it cannot be read (the process is gone).
    static func text(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(descriptor, &chunk, chunk.count)
            if count > 0 {
                bytes += chunk[..<count]
            } else if count == 0 {
                return String(decoding: bytes, as: UTF8.self)
            } else if errno != EINTR {
                return nil
            }
        }
    }
}
