import ArgumentParser
import Foundation
import Logging
import Testing

@testable import ViperCLI
@testable import ViperCommandLine
@testable import ViperTesting

/// The command lines front ends spawn `serve` with are read without ArgumentParser, to the
/// same settings ArgumentParser reads from them; every other is left to ArgumentParser.
struct ServeFastPathTests {
    /// Every combination of the options the fast path reads, each in both spellings, in an
    /// order drawn from a fixed seed.
    private static var commandLines: [[String]] {
        var generator = SeededGenerator(seed: 41)
        var lines: [[String]] = []
        for database in [[], ["--db", "data/todo.sqlite"], ["--db=:memory:"]] {
            for url in [[], ["--database", "postgresql://viper@127.0.0.1/viper"], ["--database=postgresql://u@h/d"]] {
                for level in [nil] + Logger.Level.allCases {
                    for faults in [[], ["--enable-fault-injection"]] {
                        let logLevel = level.map { generator.next() % 2 == 0 ? ["--log-level", $0.rawValue] : ["--log-level=\($0.rawValue)"] } ?? []
                        let options = [database, url, logLevel, faults].filter { !$0.isEmpty }.shuffled(using: &generator)
                        lines.append(["serve"] + options.flatMap { $0 })
                    }
                }
            }
        }
        return lines
    }

    @Test func eachCommandLineOfTheFastPathGivesTheSettingsArgumentParserGives() throws {
        #expect(Self.commandLines.count == 144)
        for line in Self.commandLines {
            let fast = try #require(ServeFastPath<Viper>.settings(line[...]), "\(line)")
            let parsed = try Serve<Viper>.parse(Array(line.dropFirst())).settings()
            #expect(Self.summary(fast) == Self.summary(parsed), "\(line)")
        }
    }

    @Test(arguments: [
        [], ["repl"], ["serve", "--listen", "0"], ["serve", "--help"], ["serve", "-h"], ["serve", "--db"], ["serve", "--db="],
        ["serve", "--db", "--log-level", "info"], ["serve", "--db=-"], ["serve", "--db", "a", "--db", "b"], ["serve", "--log-level", "loud"],
        ["serve", "--log-level", "INFO"], ["serve", "--api-url", "http://127.0.0.1:8080"], ["serve", "--journal"], ["serve", "--no-journal"],
        ["serve", "extra"], ["serve", "--enable-fault-injection=true"], ["serve", "--enable-fault-injection", "--enable-fault-injection"],
        ["serve", "--db", "x", "--", "y"], ["serve", "--max-workspaces", "256"], ["serve", "--db", "x", "-d"],
    ])
    func everyOtherCommandLineIsLeftToArgumentParser(_ line: [String]) {
        #expect(ServeFastPath<Viper>.settings(line[...]) == nil)
    }

    @Test func viperServiceOptionsMadeWithoutParsingAreThoseOfACommandLineThatNamesNone() throws {
        let made = try #require(ServiceOptions.unparsedDefaults)
        let parsed = try ServiceOptions.parse([])
        let madeOptions = Mirror(reflecting: made).children.map { "\($0.label ?? ""): \($0.value)" }
        #expect(madeOptions.count == 6)
        #expect(!madeOptions.contains { $0.contains("definition") }, "an option left unassigned: \(madeOptions)")
        #expect(madeOptions == Mirror(reflecting: parsed).children.map { "\($0.label ?? ""): \($0.value)" })
    }

    @Test func optionsOfAHostThatCannotMakeThemWithoutParsingSendServeToArgumentParser() {
        #expect(ServeFastPath<HostWithParsedOptions>.settings(["serve", "--db", "x"]) == nil)
        #expect(ServeFastPath<HostWithoutOptions>.settings(["serve", "--db", "x"])?.databasePath == "x")
    }

    private static func summary(_ settings: ServeSettings<Viper>) -> String {
        """
        db \(settings.databasePath ?? "-") database \(settings.databaseURL ?? "-") options \(settings.options.arguments) \
        web \(settings.web == nil) token \(settings.tokenFile ?? "-") journal \(settings.journal.map(String.init) ?? "-") \
        expiry \(settings.journalExpiry) limits \(settings.journalLimits) workspaces \(settings.workspaceLimits) \
        faults \(settings.allowsFaultInjection) log \(settings.logLevel)
        """
    }
}

extension ServeFastPathTests {
    /// A host whose options only ArgumentParser can make.
    enum HostWithParsedOptions: ViperHost {
        struct Options: HostOptions {
            @Option var region: String?
            var arguments: [String] { region.map { ["--region", $0] } ?? [] }
        }

        static let commandName = "parsed"

        static func apps(options: Options, resources: AppResources) -> [HostedApp] { [] }
    }

    /// A host without options of its own.
    enum HostWithoutOptions: ViperHost {
        static let commandName = "plain"

        static func apps(options: NoHostOptions, resources: AppResources) -> [HostedApp] { [] }
    }
}
