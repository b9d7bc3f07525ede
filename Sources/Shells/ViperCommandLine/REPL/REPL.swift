import Foundation
import ViperCore
import ViperTesting
import ViperJSON

/// The human View of the engine: reads commands, sends the requests they stand for, and shows
/// what changed.
final class REPL {
    private let client: EngineClient
    private let editor: any LineEditor
    private let width: Int
    private let style: TextStyle
    /// Stop at the first error, with a failing exit status.
    private let bail: Bool
    /// The options a transcript of this session needs to replay, as they stand now: a server
    /// started inside the engine adds its URL once it runs (`AppResources.addReplayArguments`).
    private let engineOptions: () -> [String]
    /// The database file the session reads, when it is not in memory.
    private let databaseFile: String?
    /// The command the REPL runs in (`viper`), for what it says to type.
    private let commandName: String
    /// The title of the command's options that say where the apps' servers are, if it has any.
    private let serverOptions: String?
    private var rawMode = false
    /// The file the session is being recorded to, rewritten after every command.
    private var recording: String?

    init(
        client: EngineClient, editor: any LineEditor, style: TextStyle, width: Int, bail: Bool, engineOptions: @escaping () -> [String], databaseFile: String?,
        commandName: String = "viper", serverOptions: String? = "Servers"
    ) {
        self.client = client
        self.editor = editor
        self.width = width
        self.style = style
        self.bail = bail
        self.engineOptions = engineOptions
        self.databaseFile = databaseFile
        self.commandName = commandName
        self.serverOptions = serverOptions
    }

    /// Runs until the input ends or `quit`; returns the exit status.
    func run(locale: String?, firstWeekday: Int?) async -> Int32 {
        let opened = await client.open(locale: locale, firstWeekday: firstWeekday)
        if let error = opened.errorMessage {
            complain(error)
            return 1
        }
        if editor.isInteractive { say(banner()) }
        while true {
            switch editor.read(prompt: prompt, interjection: Interjection(descriptor: client.outputSignal.descriptor) { [self] in
                takeBackgroundOutput().map { ($0, prompt) }
            }) {
            case .endOfInput:
                await finishRecording()
                return 0
            case .interrupted:
                continue
            case .line(let text):
                // A paste may hold several lines; each is a command of its own.
                for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
                    let outcome = await execute(String(line))
                    _ = await writeRecording()
                    switch outcome {
                    case .ok: continue
                    case .quit:
                        await finishRecording()
                        return 0
                    case .failed where bail:
                        await finishRecording()
                        return 1
                    case .failed: continue
                    }
                }
            }
        }
    }

    enum Outcome {
        case ok, failed, quit
    }

    /// Whether `line` may carry a secret (a password), so that it stays out of the history
    /// file: sent or refused, typed as a command or raw (`SecretRedactor.mayCarrySecret`).
    static func carriesSecret(_ line: String, client: EngineClient) -> Bool {
        SecretRedactor.mayCarrySecret(line, catalog: client.catalog)
    }

    /// Carries out one line; public to tests through `@testable`.
    func execute(_ text: String) async -> Outcome {
        // What came by itself before the line was typed is shown before what the line causes.
        showBackgroundOutput()
        if case .background(let command)? = try? REPLCommandLine.parse(text) {
            return await sendInBackground(command, typed: text.trimmingCharacters(in: .whitespaces))
        }
        if rawMode && text.trimmingCharacters(in: .whitespaces) != "raw" {
            return await sendRaw(text)
        }
        let command: REPLCommandLine?
        do {
            command = try REPLCommandLine.parse(text)
        } catch {
            return mistake(error.description)
        }
        guard let command else { return .ok }
        switch command {
        case .start, .event, .back, .post:
            switch request(for: command) {
            case .success(let request): return show(await client.call(request.method, params: request.params), for: command)
            case .failure(let error): return mistake(error.description)
            }
        case .background:
            // Taken above, before the line was read as a foreground command.
            return .ok
        case .cancel(let id):
            return await cancel(id)
        case .clock(nil):
            say("clock: " + describeClock())
            return .ok
        case .clock(let when?):
            guard let instant = ClockChange.instant(when, from: client.now, in: client.timeZone) else {
                return mistake("'\(when)' is not a time; type clock 2026-11-24T09:00:00Z, clock 2026-11-24, clock +1d or clock now")
            }
            let exchange = await client.call("clock.set", params: ["now": .string(EngineClient.iso8601(instant, in: client.timeZone))])
            let outcome = show(exchange)
            if outcome == .ok { say(style.dim("clock: " + describeClock())) }
            return outcome
        case .stack:
            let exchange = await client.call("engine.state", params: nil)
            showBackgroundOutput()
            if let error = exchange.errorMessage { return mistake(error) }
            let scenes = exchange.result?["stack"]?.elements.compactMap { $0["scene"]?.text } ?? []
            say(scenes.isEmpty ? "no scene is live" : scenes.enumerated().map { index, scene in
                index == scenes.count - 1 ? "\(scene)  (top)" : scene
            }.joined(separator: "\n"))
            return .ok
        case .show(let scene):
            guard let scene = scene ?? client.topScene else { return mistake("no scene is live; start an app first: start \(client.catalog.apps.first ?? "APP")") }
            guard let viewModel = client.viewModels[scene] else {
                return mistake("\(scene) is not a live scene with a screen; live scenes: \(client.stack.joined(separator: ", "))")
            }
            say(printer.screen(scene, viewModel).joined(separator: "\n"))
            return .ok
        case .raw(nil):
            rawMode.toggle()
            say(rawMode ? "raw mode: lines are sent as typed; type raw to leave" : "raw mode off")
            return .ok
        case .raw(let line?):
            return await sendRaw(line)
        case .record(let path):
            return await startRecording(to: path)
        case .stopRecording:
            guard let recording else { return mistake("nothing is being recorded; start with record FILE") }
            guard await writeRecording() else { return .failed }
            self.recording = nil
            say("recorded \(Self.steps(await client.stepCount)) to \(recording); replay them with: \(commandName) test \(recording)")
            return .ok
        case .help(let topic):
            return help(topic)
        case .wait(let duration):
            // What arrives may be only HTTP the REPL performs for background work, which shows
            // nothing: the wait goes on until something shows, or its time is up.
            let deadline = ContinuousClock.now + duration
            var arrived = takeBackgroundOutput()
            while arrived == nil, case let left = deadline - ContinuousClock.now, left > .zero {
                await Task.yield()
                if client.outputSignal.wait(timeout: min(left, .milliseconds(50))) { arrived = takeBackgroundOutput() }
            }
            say(arrived ?? style.dim("(nothing arrived in \(Self.words(duration)))"))
            return .ok
        case .clear:
            // What Ctrl-L sends: cursor home, then erase the screen. Nothing without a terminal.
            if editor.isInteractive { say("\u{1B}[H\u{1B}[2J", newline: false) }
            return .ok
        case .quit:
            return .quit
        }
    }

    // MARK: - Commands

    /// The request a command that sends one stands for, checked against what the engine
    /// described so that a mistake is explained before anything is sent.
    private func request(for command: REPLCommandLine) -> Result<(method: String, params: JSONValue?), REPLCommandLine.Mistake> {
        let startHint = "start an app first: start \(client.catalog.apps.first ?? "APP")"
        switch command {
        case .start(let app):
            return .success(("app.start", ["app": .string(app)]))
        case .back(let scene):
            guard let scene = scene ?? client.topScene else { return .failure(.init(description: "no scene is live; " + startHint)) }
            return .success(("view.back", ["scene": .string(scene)]))
        case .post(let name, let arguments):
            let declared = client.catalog.notifications
            guard let notification = declared.first(where: { $0.name == name }) else {
                let suggestion = Self.closest(to: name, in: declared.map(\.name)).map { " (did you mean \($0)?)" } ?? ""
                let known = declared.isEmpty ? "the hosted apps take none" : "the hosted apps take " + declared.map(\.name).joined(separator: ", ")
                return .failure(.init(description: "no app takes the bus event '\(name)'\(suggestion); \(known)"))
            }
            do {
                let payload = try complete(try eventData.build(arguments, for: notification), for: notification, command: "post \(name)")
                return .success(("notification.post", .object(["name": .string(name), "payload": payload ?? .object([:])])))
            } catch {
                return .failure(error)
            }
        case .event(let named, let name, let arguments):
            guard let scene = named ?? client.topScene else {
                let suggestion = Self.closest(to: name, in: REPLCommandLine.commandNames)
                return .failure(.init(description: "'\(name)' is not a command\(suggestion.map { " (did you mean \($0)?)" } ?? "") and no scene is live to send it to; type help, or start \(client.catalog.apps.first ?? "APP")."))
            }
            var params: [String: JSONValue] = ["scene": .string(scene), "event": .string(name)]
            // The engine says best which scenes are live.
            guard client.stack.contains(scene) else { return .success(("view.event", .object(params))) }
            let events = client.catalog.events(ofScene: scene)
            guard let event = events.first(where: { $0.name == name }) else {
                let candidates = events.map(\.name) + (named == nil ? REPLCommandLine.commandNames : [])
                let suggestion = Self.closest(to: name, in: candidates).map { " (did you mean \($0)?)" } ?? ""
                let what = named == nil ? "'\(name)' is not a command or an event of \(scene)" : "\(scene) has no event '\(name)'"
                return .failure(.init(description: "\(what)\(suggestion). Its events: \(events.map(\.name).joined(separator: ", ")); type help for the commands."))
            }
            do {
                if let data = try complete(try eventData.build(arguments, for: event), for: event, command: name) {
                    params["data"] = data
                }
            } catch {
                return .failure(error)
            }
            return .success(("view.event", .object(params)))
        default:
            return .failure(.init(description: "\(command) sends no request"))
        }
    }

    /// `data` with every field the event takes: a secret left out is asked for at a terminal
    /// without being shown; any other field left out is a mistake, said before anything is sent.
    private func complete(_ data: JSONValue?, for event: SceneCatalog.Event, command: String) throws(REPLCommandLine.Mistake) -> JSONValue? {
        guard !event.fields.isEmpty else { return data }
        var members: [String: JSONValue] = if case .object(let given)? = data { given } else { [:] }
        var missing: [SceneCatalog.Field] = []
        for field in event.fields where members[field.name] == nil {
            if field.type == "secret", let secret = editor.readSecret(prompt: "\(field.name) (not shown as you type): ") {
                members[field.name] = .string(secret)
            } else {
                missing.append(field)
            }
        }
        guard missing.isEmpty else {
            throw REPLCommandLine.Mistake(description: REPLWording.missing(missing, command: command))
        }
        return .object(members)
    }

    /// `COMMAND &`: sends the request and returns to the prompt; what it causes is shown when
    /// it comes, like a live feed's renders.
    private func sendInBackground(_ command: REPLCommandLine, typed: String) async -> Outcome {
        switch request(for: command) {
        case .success(let request):
            let id = await client.start(request.method, params: request.params, command: String(typed.dropLast()).trimmingCharacters(in: .whitespaces))
            say(style.dim("· request \(id) runs in the background; cancel \(id) stops it"))
            return .ok
        case .failure(let error):
            return mistake(error.description)
        }
    }

    /// `cancel [ID]`: $/cancelRequest for one request running in the background, or for all.
    private func cancel(_ id: Int?) async -> Outcome {
        let running = client.running.map(\.id)
        guard !running.isEmpty else {
            return mistake("no request runs in the background; a command ending in & sends one (start news &)")
        }
        if let id, !running.contains(id) {
            return mistake("request \(id) is not running; running: \(running.map(String.init).joined(separator: ", "))")
        }
        let recorded = await client.cancel(id.map { [$0] } ?? running)
        showBackgroundOutput()
        if recording != nil && !recorded {
            // Cancelled while the engine worked rather than while it waited on HTTP: the
            // cancellation could not be put where a replay would send it.
            say(style.yellow("note: a transcript plays each request to its end; the cancelled step will not replay as recorded. Remove it, or record again."))
        }
        return .ok
    }

    private func sendRaw(_ line: String) async -> Outcome {
        let exchange = await client.sendRaw(line)
        showBackgroundOutput()
        say(exchange.output.isEmpty ? style.dim("(no answer)") : exchange.output.joined(separator: "\n"))
        return exchange.errorMessage == nil ? .ok : .failed
    }

    private func startRecording(to path: String) async -> Outcome {
        if let recording { return mistake("already recording to \(recording); type record stop first") }
        if FileManager.default.fileExists(atPath: path) {
            return mistake("\(path) exists already; record to a new file, or remove it first")
        }
        recording = path
        guard await writeRecording() else {
            recording = nil
            return .failed
        }
        say("recording to \(path), from the start of the session (\(Self.steps(await client.stepCount)) so far); record stop ends it")
        if let databaseFile {
            say(style.yellow("note: this session reads \(databaseFile); a replay starts with an empty database, so it may differ. Run without --db to record."))
        }
        return .ok
    }

    /// Ends the session, so that what background work wrote last is recorded, and writes the
    /// recording a last time.
    private func finishRecording() async {
        await client.close()
        _ = await writeRecording()
        recording = nil
    }

    /// What the engine wrote by itself since the last command, drawn as screens and recorded;
    /// nil when it wrote nothing.
    private func takeBackgroundOutput() -> String? {
        var lines: [String] = []
        for arrival in client.takeBackgroundOutput() {
            switch arrival {
            case .progress(let output):
                lines += printer.lines(for: Exchange(sent: nil, raw: false, output: output))
            case .cameByItself(let exchange):
                lines += printer.lines(for: exchange)
            case .finished(let exchange):
                // How a request sent with `&` ended goes to stdout: it is not this line's mistake.
                let id = exchange.id.map(String.init) ?? "?"
                let command = exchange.command ?? "?"
                if let error = exchange.errorMessage {
                    lines.append(style.red("· request \(id) (\(command)) failed: ") + error)
                } else {
                    lines.append(style.dim("· request \(id) (\(command)) done"))
                }
            }
        }
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
    }

    /// Shows what finished in the background, or came by itself, before what a command caused:
    /// it happened first.
    private func showBackgroundOutput() {
        if let background = takeBackgroundOutput() { say(background) }
    }

    /// Draws exchanges with what the engine described of the scenes.
    private var printer: ExchangePrinter {
        ExchangePrinter(
            style: style, width: width, catalog: client.catalog, presented: client.presented, stack: client.stack, viewModels: client.viewModels)
    }

    /// "1 step", "6 steps".
    private static func steps(_ count: Int) -> String {
        count == 1 ? "1 step" : "\(count) steps"
    }

    /// "5 s", "500 ms".
    private static func words(_ duration: Duration) -> String {
        let milliseconds = duration.wholeMilliseconds
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(milliseconds) ms"
    }

    /// Writes the recording so far, with a stand-in for every secret (SecretRedactor); the
    /// file is complete after every command.
    private func writeRecording() async -> Bool {
        guard let recording else { return true }
        var redactor = SecretRedactor()
        let catalog = client.catalog
        let text = await client.transcript(
            engineOptions: engineOptions(), comments: ["Recorded with the \(commandName) REPL; replay with: \(commandName) test \(recording)"],
            redact: { redactor.redactedEverywhere($0, catalog: catalog) })
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: recording), options: .atomic)
            return true
        } catch {
            complain("cannot write \(recording): \(error.localizedDescription)")
            return false
        }
    }

    private func help(_ topic: String?) -> Outcome {
        guard let topic else {
            say(HelpText.overview(client.catalog, topScene: client.topScene).joined(separator: "\n"))
            return .ok
        }
        if topic == "start" {
            say(HelpText.start(client.catalog, command: commandName, serverOptions: serverOptions))
            return .ok
        }
        if let text = HelpText.details(command: commandName)[topic == "exit" ? "quit" : topic] {
            say(text)
            return .ok
        }
        let scenes = client.stack.reversed()
        if let event = scenes.lazy.compactMap({ self.client.catalog.events(ofScene: $0).first { $0.name == topic } }).first
            ?? client.catalog.events.values.lazy.compactMap({ $0.first { $0.name == topic } }).first
            ?? client.catalog.notifications.first(where: { $0.name == topic })
        {
            say(HelpText.details(of: event).joined(separator: "\n"))
            return .ok
        }
        return mistake("no help for '\(topic)'; type help for the commands")
    }

    // MARK: - Output

    /// Shows what an exchange changed; a refusal in the words of the command that was typed.
    private func show(_ exchange: Exchange, for command: REPLCommandLine? = nil) -> Outcome {
        showBackgroundOutput()
        let lines = printer.lines(for: exchange)
        if let error = exchange.errorMessage {
            if !lines.isEmpty { say(lines.joined(separator: "\n")) }
            return mistake(REPLWording.refusal(error, data: exchange.errorData, of: command))
        }
        // A person should see that the command was taken even when the app changed nothing
        // (Save tapped while disabled).
        if case .number(let delivered)? = exchange.result?["delivered"] {
            // notification.post: whether anyone listened is its whole answer.
            say((lines + [style.dim("(delivered to \(Int(delivered)) module\(delivered == 1 ? "" : "s"))")]).joined(separator: "\n"))
            return .ok
        }
        say(lines.isEmpty ? style.dim("(nothing changed)") : lines.joined(separator: "\n"))
        return .ok
    }

    private func mistake(_ text: String) -> Outcome {
        complain(text)
        return .failed
    }

    /// Errors go to stderr, so `viper --bail < script > out` still says on the terminal why it
    /// stopped.
    private func complain(_ text: String) {
        try? FileHandle.standardError.write(contentsOf: Data((style.red("error: ") + text + "\n").utf8))
    }

    /// Written at once, unbuffered, so output and errors interleave in the order they happen.
    private func say(_ text: String, newline: Bool = true) {
        try? FileHandle.standardOutput.write(contentsOf: Data((text + (newline ? "\n" : "")).utf8))
    }

    private var prompt: String {
        if rawMode { return "raw> " }
        // Readline needs to know which prompt bytes take no room on screen.
        // Requests sent with `&` that have not finished are counted, so none is forgotten.
        let scene = (client.topScene ?? commandName) + (client.running.isEmpty ? "" : " (\(client.running.count) running)")
        return style.colored ? "\u{1}\u{1B}[36m\u{2}\(scene)\u{1}\u{1B}[0m\u{2}> " : "\(scene)> "
    }

    /// Reads typed data as the session's clock stands: `tomorrow`, `now`.
    private var eventData: EventData {
        EventData(today: today, now: EngineClient.iso8601(client.now, in: client.timeZone))
    }

    private var today: CalendarDay {
        DayCalendar(timeZone: client.timeZone, firstWeekday: 1, locale: Locale(identifier: "en_US")).day(of: client.now)
    }

    private func describeClock() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = client.timeZone
        formatter.dateFormat = "EEE yyyy-MM-dd HH:mm"
        return "\(formatter.string(from: client.now)) \(client.timeZoneName) (fixed; change it with clock WHEN)"
    }

    /// The welcome, in lines that fit a terminal of 80 columns, however many apps there are.
    private func banner() -> String {
        let apps = client.catalog.apps
        let columns = 79
        let title = "\(commandName) \(EngineInfo.version) · apps: \(apps.joined(separator: ", "))"
        let titleLines = Box.wrapped(title, to: columns)
        let start = "start \(apps.first ?? "APP")"
        return ([style.bold(titleLines[0])] + titleLines.dropFirst().map { "  " + $0 } + [
            "Type " + style.bold(start) + " to begin, " + style.bold("help") + " for the commands; Tab completes.",
        ] + Box.wrapped("clock: \(describeClock())", to: columns).map(style.dim)
            + Box.wrapped("data: \(databaseFile ?? "in memory (--db PATH keeps it)")", to: columns).map(style.dim)
        ).joined(separator: "\n")
    }

    /// The candidate nearest to `word`, if it is near enough to be a typo.
    static func closest(to word: String, in candidates: [String]) -> String? {
        func distance(_ a: String, _ b: String) -> Int {
            let a = Array(a.lowercased()), b = Array(b.lowercased())
            var row = Array(0...b.count)
            for i in 1...max(a.count, 1) where !a.isEmpty {
                var previous = row[0]
                row[0] = i
                for j in 1...max(b.count, 1) where !b.isEmpty {
                    let current = row[j]
                    row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                    previous = current
                }
            }
            return row[b.count]
        }
        // One slip in a short word, two in a longer one; more is a different word.
        let tolerance = word.count <= 4 ? 1 : 2
        return candidates.map { ($0, distance(word, $0)) }.filter { $0.1 <= tolerance }.min { $0.1 < $1.1 }?.0
    }
}
