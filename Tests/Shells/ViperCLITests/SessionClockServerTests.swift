import Foundation
import Testing
import WebSocketTestClient

/// The sample server inside an engine that serves one session reads that session's clock, and
/// moves with it (docs/golden.md, "Recordings, clocks and servers").
@Suite("The sample server inside the engine reads the session's clock", .serialized)
struct SessionClockServerTests {
    @Test("Over stdio, news is published before the session's now and a chat message is sent at it, on a day far from the machine's")
    func stdioSessionsDay() async throws {
        try await onOwnThread {
            let engine = try ServeProcess(serving: ["--db", ":memory:"])
            _ = try engine.call(Wire.request(1, "initialize", #"{"now":"2025-03-04T09:00:00Z"}"#))
            let news = try engine.call(Wire.request(2, "app.start", #"{"app":"news"}"#))
            let loaded = try #require(news.last { $0.contains(#""state":"loaded""#) }, "\(news)")
            // Published minutes before the session's now, on the session's day: were the server on
            // the machine's clock, the newest article would be more than a year in the future.
            let ages = loaded.matches(of: /"age":"([^"]*)"/).map { String($0.1) }
            #expect(Array(ages.prefix(3)) == ["3 minutes ago", "5 minutes ago", "7 minutes ago"], "\(loaded)")
            let id = try #require(loaded.firstMatch(of: /"id":"([0-9a-f]+)"/)?.1)
            let article = try engine.call(Wire.event(3, "news.list#1", "articleTapped", #"{"id":"\#(id)"}"#))
            #expect(article.contains { $0.contains(#""publishedAt":"2025-03-0"#) }, "\(article)")

            _ = try engine.call(Wire.request(4, "app.start", #"{"app":"chat"}"#))
            _ = try engine.call(Wire.event(5, "chat.inbox#1", "conversationTapped", #"{"conversationId":"ada"}"#))
            _ = try engine.call(Wire.event(6, "chat.conversation#1", "inputTextChanged", #"{"inputText":"Hello Ada"}"#))
            let sent = try engine.call(Wire.event(7, "chat.conversation#1", "sendButtonTapped"))
            #expect(sent.contains { $0.contains(#""formattedSentDate":"Today 09:00""#) }, "\(sent)")
            engine.closeInput()
            _ = try engine.waitForExit()
        }
    }

    @Test("In the REPL, clock +1d moves the forecast's week and the day a message is sent")
    func replClockMovesTheServer() async throws {
        try await onOwnThread {
            let repl = try ServeProcess(arguments: ["--now", "2026-11-23T09:00:00Z", "--time-zone", "UTC"])
            for command in [
                "start weather", "addTapped", "queryChanged Lisbon", "resultTapped 2267057", "locationTapped 2267057", "clock +1d",
                "start chat", "conversationTapped ada", "inputTextChanged Tomorrow already", "sendButtonTapped",
            ] { repl.write(line: command) }
            let exit = try repl.finish()
            #expect(exit.standardError.isEmpty, "\(exit.standardError)")
            let output = exit.remainingLines.joined(separator: "\n")
            // Before: the week from the 23rd through the 29th; after clock +1d, through the 30th.
            #expect(output.contains("- day: 2026-11-23"))
            #expect(output.contains("clock: Tue 2026-11-24 09:00"))
            #expect(output.contains("- day: 2026-11-30"), "\(output)")
            // The message is sent at the session's 09:00 on the 24th: today, for the session.
            #expect(output.contains("formattedSentDate: Today 09:00"), "\(output)")
        }
    }
}
