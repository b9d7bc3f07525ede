import Foundation
import ViperCore
import ViperJSON

/// The results of a run, and the ways to tell them: a summary, failures, JUnit XML.
public struct TranscriptReport: Sendable, Error, CustomStringConvertible {
    /// One result per transcript, in the order the files were found.
    public let results: [TranscriptResult]

    /// How many transcripts passed, those `--update` rewrote included.
    public var passedCount: Int { results.filter(\.passed).count }
    /// How many transcripts were not played (written for another engine).
    public var skippedCount: Int { results.filter(\.skipped).count }
    /// How many transcripts failed.
    public var failedCount: Int { results.count - passedCount - skippedCount }

    /// `N passed, N failed`, and `, N skipped` when any were.
    public var summary: String {
        "\(passedCount) passed, \(failedCount) failed" + (skippedCount > 0 ? ", \(skippedCount) skipped" : "")
    }

    /// Every failure, then the summary.
    public var description: String {
        (results.compactMap { $0.failure?.description } + [summary]).joined(separator: "\n\n")
    }

    /// Every line the engines wrote, as JSON lines `{"line": …, "method": …}`: what
    /// `viper test --wire-log` writes, for checking against the protocol's schema.
    public func wireLog() -> String {
        results.flatMap(\.wire).map { entry in
            JSONWriter.string(["line": .string(entry.line), "method": entry.method.map { .string($0) } ?? .null]) + "\n"
        }.joined()
    }

    /// The report as JUnit XML, which CI systems read: a test case per transcript.
    public func junitXML() -> String {
        let seconds = { (duration: Duration) in
            String(format: "%.3f", duration.seconds)
        }
        let total = results.reduce(Duration.zero) { $0 + $1.duration }
        var xml = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<testsuites name="viper test" tests="\#(results.count)" failures="\#(failedCount)" skipped="\#(skippedCount)" time="\#(seconds(total))">"#,
            #"  <testsuite name="transcripts" tests="\#(results.count)" failures="\#(failedCount)" skipped="\#(skippedCount)" time="\#(seconds(total))">"#,
        ]
        for result in results {
            let name = Self.escape(result.path)
            let testCase = #"    <testcase name="\#(name)" classname="transcripts" file="\#(name)" time="\#(seconds(result.duration))""#
            if case .skipped(let reason) = result.outcome {
                xml.append(testCase + ">")
                xml.append(#"      <skipped message="\#(Self.escape(reason, inAttribute: true))"/>"#)
                xml.append("    </testcase>")
            } else if let failure = result.failure {
                xml.append(testCase + ">")
                xml.append(#"      <failure message="\#(Self.escape(failure.message, inAttribute: true))">\#(Self.escape(failure.description))</failure>"#)
                xml.append("    </testcase>")
            } else {
                xml.append(testCase + "/>")
            }
        }
        xml += ["  </testsuite>", "</testsuites>"]
        return xml.joined(separator: "\n") + "\n"
    }

    private static func escape(_ text: String, inAttribute: Bool = false) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            // XML readers turn raw line breaks in attributes into spaces.
            case "\n" where inAttribute: escaped += "&#10;"
            case "\n", "\t", "\r": escaped.unicodeScalars.append(scalar)
            // XML 1.0 cannot hold other control characters, even escaped.
            case _ where scalar.value < 0x20: escaped += "?"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
