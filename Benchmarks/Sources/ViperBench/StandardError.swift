#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes `text` to stderr, where progress and errors go so that stdout holds only the table.
func printToStandardError(_ text: String) {
    var text = text
    text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}
