#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Writes lines to a file descriptor (stdout when serving), buffered.
///
/// Lines are written when `flush()` is called or the buffer grows past 64 KiB. The server
/// flushes whenever it is about to wait for input, so a client that waits for a response always
/// gets it, while pipelined requests share one write instead of one system call per line.
public final class FileDescriptorSink: LineSink {
    private let fileDescriptor: Int32
    private let buffer = Mutex<[UInt8]>([])
    private static let flushThreshold = 64 * 1024

    /// A sink writing to `fileDescriptor`, which stays open.
    public init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
    }

    public func write(line: [UInt8]) {
        let shouldFlush = buffer.withLock { pending in
            pending.append(contentsOf: line)
            pending.append(UInt8(ascii: "\n"))
            return pending.count >= Self.flushThreshold
        }
        if shouldFlush { flush() }
    }

    /// Waits until no line is being written, then ends the process through `exit` with the
    /// output held, so that no half line is left on the descriptor.
    func exit(through exit: () -> Never) -> Never {
        buffer.withLock { _ in exit() }
    }

    /// Writes everything buffered. Write errors (a reader that went away) drop the output: the
    /// engine has nobody left to tell.
    public func flush() {
        buffer.withLock { pending in
            var written = 0
            while written < pending.count {
                let result = pending.withUnsafeBytes { bytes in
                    #if canImport(Glibc)
                    Glibc.write(fileDescriptor, bytes.baseAddress! + written, bytes.count - written)
                    #else
                    Darwin.write(fileDescriptor, bytes.baseAddress! + written, bytes.count - written)
                    #endif
                }
                if result > 0 {
                    written += result
                } else if result < 0 && errno == EINTR {
                    continue
                } else {
                    break
                }
            }
            pending.removeAll(keepingCapacity: true)
        }
    }
}
