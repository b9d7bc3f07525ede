import Foundation

/// Where two sessions' lines first part ways: what `same-bytes-on-replay` reports.
struct WireDifference {
    /// The 0-based index of the first line that differs (or that one has and the other lacks).
    let index: Int
    let first: String
    let second: String

    /// The first difference between `first` and `second`; nil when they are the same lines.
    init?(_ first: [String], _ second: [String]) {
        let first = first.map(Self.withoutLoopbackPorts)
        let second = second.map(Self.withoutLoopbackPorts)
        guard first != second else { return nil }
        let index = first.indices.first { $0 >= second.count || first[$0] != second[$0] } ?? first.count
        self.index = index
        self.first = index < first.count ? first[index] : "(nothing)"
        self.second = index < second.count ? second[index] : "(nothing)"
    }

    /// `line` with the port of every loopback address left out: a server a host starts inside
    /// the engine (the sample server) listens on a port the system picks anew for each
    /// session, which says nothing of the app.
    static func withoutLoopbackPorts(_ line: String) -> String {
        var result = ""
        var rest = Substring(line)
        while let range = rest.range(of: "127.0.0.1:") ?? rest.range(of: "localhost:") {
            result += rest[..<range.upperBound]
            rest = rest[range.upperBound...].drop { $0.isNumber }
            result += "PORT"
        }
        return result + rest
    }

    /// The difference in words.
    var message: String {
        "line \(index + 1) of the session differs: first \(InvariantChecker.clipped(first)), then \(InvariantChecker.clipped(second))"
    }
}
