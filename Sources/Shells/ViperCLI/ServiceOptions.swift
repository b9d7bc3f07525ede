import ArgumentParser
import Foundation
import ViperCommandLine

/// Where the apps' Services send their requests: the options `viper serve` and the REPL share.
/// Without a URL, an app's Service talks to the sample server the engine starts in its own
/// process, so every app works offline.
struct ServiceOptions: HostOptions {
    @Option(help: ArgumentHelp(
        "The server of the accounts, flights and chat apps (a `viper sample-server`). Default: the sample server inside this engine.",
        valueName: "url"))
    var apiURL: String?

    @Option(help: ArgumentHelp(
        "The news server: https://newsapi.org, or anything serving its /v2/top-headlines. Default: the sample server inside this engine.",
        valueName: "url"))
    var newsURL: String?

    @Option(help: ArgumentHelp(
        "The key sent to the news server as X-Api-Key. Default: $NEWS_API_KEY; none when that is unset.",
        valueName: "key"))
    var newsAPIKey: String?

    @Option(help: ArgumentHelp(
        "The forecast server: https://api.open-meteo.com, or anything serving its /v1/forecast. Default: the sample server inside this engine.",
        valueName: "url"))
    var weatherURL: String?

    @Option(help: ArgumentHelp(
        "The place search server: https://geocoding-api.open-meteo.com, or anything serving its /v1/search. Default: the sample server inside this engine.",
        valueName: "url"))
    var geocodingURL: String?

    @Option(help: ArgumentHelp(
        "The name the chat app's messages are sent with; the live feed shows every other author's messages as they arrive. Default: You.",
        valueName: "name"))
    var chatName: String?

    static var unparsedDefaults: ServiceOptions? {
        var options = ServiceOptions()
        (options.apiURL, options.newsURL, options.newsAPIKey) = (nil, nil, nil)
        (options.weatherURL, options.geocodingURL, options.chatName) = (nil, nil, nil)
        return options
    }

    func validate() throws {
        if let chatName, !(1...64).contains(chatName.trimmingCharacters(in: .whitespaces).count) {
            throw ValidationError("--chat-name must be 1 to 64 characters that are not all spaces, not '\(chatName)'")
        }
        for (option, value) in urlOptions {
            if let value, Self.url(value) == nil {
                throw ValidationError("\(option) must be an http or https URL such as http://127.0.0.1:8080, not '\(value)'")
            }
        }
    }

    /// The news key: the option, else `NEWS_API_KEY`.
    func newsKey(environment: [String: String]) -> String? {
        (newsAPIKey ?? environment["NEWS_API_KEY"]).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// `text` as an http or https URL with a host.
    static func url(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), url.host?.isEmpty == false else {
            return nil
        }
        return url
    }

    /// The URL options no option gave, naming the sample server at `url`: a recording whose HTTP
    /// is scripted replays with them, asking for the URLs it recorded.
    @Sendable func replayArguments(sampleServer url: URL) -> [(option: String, value: String)] {
        let base = url.absoluteString.hasSuffix("/") ? String(url.absoluteString.dropLast()) : url.absoluteString
        return urlOptions.filter { $0.value == nil }.map { ($0.option, base) }
    }

    /// The options as they would be typed, for the `$ viper serve` line of a recorded transcript.
    var arguments: [String] {
        (urlOptions + [("--chat-name", chatName)])
            .compactMap { option, value in value.map { [option, $0] } }
            .flatMap { $0 }
    }

    /// The options that name a server, as they are typed, with what each was given.
    private var urlOptions: [(option: String, value: String?)] {
        [("--api-url", apiURL), ("--news-url", newsURL), ("--weather-url", weatherURL), ("--geocoding-url", geocodingURL)]
    }
}
