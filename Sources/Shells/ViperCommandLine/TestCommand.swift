import ArgumentParser
import Foundation
import Logging
import ViperCore
import ViperTesting

/// `test`: plays golden-file transcripts against the engine.
struct TestCommand<Host: ViperHost>: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "test",
            abstract: "Play golden-file transcripts and check what the engine answers.",
            discussion: """
                A transcript (*.transcript) holds what a View sends and, after each request, the \
                lines the engine must answer; docs/golden.md describes the format. Each transcript \
                runs in a fresh session with its own empty database, in this process and in \
                parallel unless --exec names an engine to start instead. Failures show the file \
                and line, the request, and a diff of expected and actual lines; the run ends with \
                'N passed, N failed' and exits 1 if any failed.

                Examples:
                  \(Host.commandName) test examples/
                  \(Host.commandName) test --exec "\(Host.commandName) serve --db :memory:" examples/
                  \(Host.commandName) test --update examples/todo/create.transcript
                """
        )
    }

    @Argument(help: "Transcript files, or folders searched recursively for *.transcript (hidden folders are skipped).")
    var paths: [String] = ["."]

    @Option(
        help: ArgumentHelp(
            "Start each transcript's engine with this shell command instead of running it in this process.",
            discussion: "The transcript's own options ($ viper serve …) are appended to the command.",
            valueName: "command"))
    var exec: String?

    @Flag(help: "Rewrite expected lines from what the engine answers now, keeping comments and {{…}} markers. Nothing is rewritten when CI is set.")
    var update = false

    @Option(help: ArgumentHelp("Also write the results as JUnit XML to this file.", valueName: "file"))
    var junit: String?

    @Option(help: ArgumentHelp(
        "Also write every line the engines wrote to this file, as JSON lines {\"line\", \"method\"}, to check them against protocol.schema.json.",
        valueName: "file"))
    var wireLog: String?

    @Option(help: "How many transcripts run at once.")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(help: ArgumentHelp(
        "How long one transcript may take; one that does not settle (an answer that never comes, a session that keeps waiting) fails, naming the step it stopped at: 30s, 2m.",
        valueName: "duration"))
    var timeout = DurationArgument(seconds: 60, text: "60s")

    @Flag(name: .shortAndLong, help: "Also print one line per transcript that passed, with how long it took.")
    var verbose = false

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
    }

    func run() async throws {
        // In process, the engine is this command's: transcripts written for another are skipped.
        let runner = TranscriptRunner(
            engine: engine, jobs: jobs, update: update, program: exec == nil ? Host.commandName : nil, timeout: timeout.duration,
            appInvariants: ((try? HostedApps<Host>.described()) ?? []).flatMap(\.invariants))
        if update && runner.isCI {
            FileHandle.standardError.write(Data("\(Host.commandName) test: CI is set, so --update rewrites nothing.\n".utf8))
        }
        let report: TranscriptReport
        do {
            report = try await runner.run(paths: paths)
        } catch {
            FileHandle.standardError.write(Data("\(Host.commandName) test: \(error)\n".utf8))
            throw ExitCode.failure
        }
        let style = TextStyle.forStandardOutput(environment: ProcessInfo.processInfo.environment)
        for result in report.results {
            if let failure = result.failure {
                print(failure.rendered(style: style) + "\n")
            } else if case .updated(let steps) = result.outcome {
                print("updated \(result.path) (\(steps) step\(steps == 1 ? "" : "s"))")
            } else if case .skipped(let reason) = result.outcome {
                print(style.dim("– \(result.path) skipped: \(reason)"))
            } else if verbose {
                print(style.green("✔") + " \(result.path) " + style.dim("(\(Self.milliseconds(result.duration)) ms)"))
            }
        }
        print(report.summary)
        if let junit { try UserFiles.write(report.junitXML(), to: junit, what: "the JUnit report (--junit)") }
        if let wireLog { try UserFiles.write(report.wireLog(), to: wireLog, what: "the wire log (--wire-log)") }
        if report.failedCount > 0 { throw ExitCode.failure }
    }

    private static func milliseconds(_ duration: Duration) -> String {
        String(format: "%.1f", duration.seconds * 1000)
    }

    /// In process, engines log nothing: their logs would drown the report, and real problems
    /// surface as failures.
    private var engine: TranscriptEngine {
        if let exec { return .command(exec) }
        return Host.transcriptEngine
    }
}
