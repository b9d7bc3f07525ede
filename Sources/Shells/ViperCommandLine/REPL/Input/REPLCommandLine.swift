import Foundation

/// A line typed at the REPL, read as one of its commands: one the REPL carries out itself, or
/// one that sends a request, which `RequestBuilder` builds whole before anything is sent.
///
/// Only a `WireCommand` reaches the code that builds and sends requests, so that code never
/// meets a command that stands for no request. Docs in `help` and README.md.
enum REPLCommandLine: Equatable, Sendable {
    /// A command the REPL carries out itself (`show`, `help`, `record`, …).
    case local(LocalCommand)
    /// A command that sends a request and waits for its answer.
    case wire(WireCommand)
    /// `COMMAND &`: a command that sends a request, sent without waiting for its answer; only
    /// one that `mayRunInBackground`.
    case background(WireCommand)
    /// `raw [LINE]`: send one line as typed, or switch raw mode on or off.
    case raw(String?)
    /// `quit` or `exit`.
    case quit

    /// The command names, for completion and suggestions.
    static let commandNames = ["back", "cancel", "clear", "clock", "exit", "help", "map", "post", "quit", "raw", "record", "show", "stack", "start", "wait"]

    /// Why a line is not a command.
    struct Mistake: Error, Equatable, CustomStringConvertible {
        let description: String
    }

    /// `3`, `3s` or `500ms`, from 1 ms to 60 s; nil for anything else.
    private static func duration(_ text: String) -> Duration? {
        let milliseconds: Int?
        if text.hasSuffix("ms") {
            milliseconds = Int(text.dropLast(2))
        } else {
            milliseconds = Int(text.hasSuffix("s") ? text.dropLast() : Substring(text)).map { $0 * 1000 }
        }
        guard let milliseconds, (1...60_000).contains(milliseconds) else { return nil }
        return .milliseconds(milliseconds)
    }

    /// Reads `line`; nil for a blank line or a comment (`# …`).
    static func parse(_ line: String) throws(Mistake) -> REPLCommandLine? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty || trimmed.hasPrefix("#") { return nil }
        // A last word `&` sends the request and goes back to the prompt at once; a quoted or
        // escaped & is text.
        if trimmed == "&" { throw Mistake(description: "& goes after a command that sends a request: start APP &, EVENT … &, back &, post NAME … &") }
        if trimmed.hasSuffix(" &") {
            guard let command = try parse(String(trimmed.dropLast(2))) else { return nil }
            guard case .wire(let wire) = command, wire.mayRunInBackground else {
                throw Mistake(description: "& runs a request in the background; only start, events, back and post send one")
            }
            return .background(wire)
        }
        // `raw` sends the rest exactly as typed, unclosed quotes and all: read it before words.
        if trimmed == "raw" || trimmed.hasPrefix("raw ") {
            let text = trimmed.dropFirst(3).trimmingCharacters(in: .whitespaces)
            return .raw(text.isEmpty ? nil : text)
        }
        let words: [String]
        do {
            words = try Tokenizer.words(trimmed)
        } catch {
            throw Mistake(description: "a \(error.quote) quote is not closed; close it, or escape it with \\")
        }
        let command = words[0]
        let rest = Array(words.dropFirst())
        switch command {
        case "start":
            guard rest.count == 1 else { throw Mistake(description: "start takes one app name: start APP (see: help start)") }
            return .wire(.start(app: rest[0]))
        case "back":
            guard rest.count <= 1 else { throw Mistake(description: "back takes at most one scene, the top one: back or back todo.add#1") }
            return .wire(.back(scene: rest.first))
        case "clock":
            guard rest.count <= 1 else { throw Mistake(description: "clock takes one time: clock 2026-11-24T09:00:00Z, clock 2026-11-24 or clock +1d") }
            return rest.first.map { .wire(.setClock($0)) } ?? .local(.showClock)
        case "stack":
            guard rest.isEmpty else { throw Mistake(description: "stack takes nothing after it") }
            return .wire(.stack)
        case "show":
            guard rest.count <= 1 else { throw Mistake(description: "show takes at most one scene: show todo.list#1") }
            return .local(.show(scene: rest.first))
        case "record":
            guard rest.count == 1 else { throw Mistake(description: "record takes a file, or stop: record examples/new.transcript") }
            return .local(rest[0] == "stop" ? .stopRecording : .record(path: rest[0]))
        case "help", "?":
            guard rest.count <= 1 else { throw Mistake(description: "help takes at most one topic: help start") }
            return .local(.help(rest.first))
        case "wait":
            guard rest.count <= 1 else { throw Mistake(description: "wait takes at most one duration: wait, wait 3s or wait 500ms") }
            guard let duration = rest.first.map(Self.duration) ?? .seconds(5) else {
                throw Mistake(description: "'\(rest[0])' is not a duration from 1ms to 60s; type wait 3s or wait 500ms")
            }
            return .local(.wait(duration))
        case "post":
            guard let name = rest.first else { throw Mistake(description: "post takes a bus event's name, then its payload: post NAME [FIELD=VALUE …] (see: help post)") }
            return .wire(.post(name: name, arguments: Array(rest.dropFirst())))
        case "cancel":
            guard rest.count <= 1 else { throw Mistake(description: "cancel takes at most one request number: cancel, or cancel 7") }
            guard let text = rest.first else { return .local(.cancel(id: nil)) }
            guard let id = Int(text), id > 0 else { throw Mistake(description: "'\(text)' is not a request number; cancel takes the number `&` printed: cancel 7") }
            return .local(.cancel(id: id))
        case "clear":
            guard rest.isEmpty else { throw Mistake(description: "clear takes nothing after it") }
            return .local(.clear)
        case "map":
            guard rest.isEmpty else { throw Mistake(description: "map takes nothing after it: it maps the running app") }
            return .local(.map)
        case "quit", "exit":
            return .quit
        default:
            if command.contains("#") {
                guard let event = rest.first else {
                    throw Mistake(description: "name an event to send to \(command): \(command) EVENT [FIELD=VALUE …]")
                }
                return .wire(.event(scene: command, name: event, arguments: Array(rest.dropFirst())))
            }
            return .wire(.event(scene: nil, name: command, arguments: rest))
        }
    }
}
