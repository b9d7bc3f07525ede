import Foundation

/// A line typed at the REPL, read as one of its commands.
///
/// Every command maps onto one protocol request, or onto what the REPL already knows (`show`,
/// `help`); docs in `help` and README.md.
enum REPLCommandLine: Equatable, Sendable {
    /// `start APP`: app.start.
    case start(app: String)
    /// `[SCENE] EVENT [FIELD=VALUE …]`: view.event, to SCENE or to the top scene.
    case event(scene: String?, name: String, arguments: [String])
    /// `back [SCENE]`: view.back, for the top scene (or SCENE, which the engine checks is on top).
    case back(scene: String?)
    /// `clock [WHEN]`: show the session clock, or clock.set it.
    case clock(String?)
    /// `stack`: engine.state.
    case stack
    /// `show [SCENE]`: draw a scene's last view model again.
    case show(scene: String?)
    /// `raw [LINE]`: send one line as typed, or switch raw mode on or off.
    case raw(String?)
    /// `record FILE`: start writing the session as a transcript.
    case record(path: String)
    /// `record stop`: finish the transcript.
    case stopRecording
    /// `help [TOPIC]`.
    case help(String?)
    /// `wait [DURATION]`: show what arrives by itself (a live feed's message) within DURATION.
    case wait(Duration)
    /// `post NAME [FIELD=VALUE …]`: notification.post, an event on the bus.
    case post(name: String, arguments: [String])
    /// `cancel [ID]`: $/cancelRequest for a request running in the background (all of them
    /// when no id is given).
    case cancel(id: Int?)
    /// `COMMAND &`: a command that sends a request, sent without waiting for its answer.
    indirect case background(REPLCommandLine)
    /// `clear`: clear the terminal, as Ctrl-L does.
    case clear
    /// `quit` or `exit`.
    case quit

    /// The command names, for completion and suggestions.
    static let commandNames = ["back", "cancel", "clear", "clock", "exit", "help", "post", "quit", "raw", "record", "show", "stack", "start", "wait"]

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
            switch command {
            case .start, .event, .back, .post: return .background(command)
            default: throw Mistake(description: "& runs a request in the background; only start, events, back and post send one")
            }
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
            return .start(app: rest[0])
        case "back":
            guard rest.count <= 1 else { throw Mistake(description: "back takes at most one scene, the top one: back or back todo.add#1") }
            return .back(scene: rest.first)
        case "clock":
            guard rest.count <= 1 else { throw Mistake(description: "clock takes one time: clock 2026-11-24T09:00:00Z, clock 2026-11-24 or clock +1d") }
            return .clock(rest.first)
        case "stack":
            guard rest.isEmpty else { throw Mistake(description: "stack takes nothing after it") }
            return .stack
        case "show":
            guard rest.count <= 1 else { throw Mistake(description: "show takes at most one scene: show todo.list#1") }
            return .show(scene: rest.first)
        case "record":
            guard rest.count == 1 else { throw Mistake(description: "record takes a file, or stop: record examples/new.transcript") }
            return rest[0] == "stop" ? .stopRecording : .record(path: rest[0])
        case "help", "?":
            guard rest.count <= 1 else { throw Mistake(description: "help takes at most one topic: help start") }
            return .help(rest.first)
        case "wait":
            guard rest.count <= 1 else { throw Mistake(description: "wait takes at most one duration: wait, wait 3s or wait 500ms") }
            guard let duration = rest.first.map(Self.duration) ?? .seconds(5) else {
                throw Mistake(description: "'\(rest[0])' is not a duration from 1ms to 60s; type wait 3s or wait 500ms")
            }
            return .wait(duration)
        case "post":
            guard let name = rest.first else { throw Mistake(description: "post takes a bus event's name, then its payload: post NAME [FIELD=VALUE …] (see: help post)") }
            return .post(name: name, arguments: Array(rest.dropFirst()))
        case "cancel":
            guard rest.count <= 1 else { throw Mistake(description: "cancel takes at most one request number: cancel, or cancel 7") }
            guard let text = rest.first else { return .cancel(id: nil) }
            guard let id = Int(text), id > 0 else { throw Mistake(description: "'\(text)' is not a request number; cancel takes the number `&` printed: cancel 7") }
            return .cancel(id: id)
        case "clear":
            guard rest.isEmpty else { throw Mistake(description: "clear takes nothing after it") }
            return .clear
        case "quit", "exit":
            return .quit
        default:
            if command.contains("#") {
                guard let event = rest.first else {
                    throw Mistake(description: "name an event to send to \(command): \(command) EVENT [FIELD=VALUE …]")
                }
                return .event(scene: command, name: event, arguments: Array(rest.dropFirst()))
            }
            return .event(scene: nil, name: command, arguments: rest)
        }
    }
}
