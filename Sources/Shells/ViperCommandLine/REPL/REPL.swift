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
    /// The database file the session reads, when it is not in memory.
    private let databaseFile: String?
    /// The command the REPL runs in (`viper`), for what it says to type.
    private let commandName: String
    /// The title of the command's options that say where the apps' servers are, if it has any.
    private let serverOptions: String?
    private var rawMode = false
    private let recorder: SessionRecorder

    init(
        client: EngineClient, editor: any LineEditor, style: TextStyle, width: Int, bail: Bool, engineOptions: @escaping () -> [String], databaseFile: String?,
        commandName: String = "viper", serverOptions: String? = "Servers"
    ) {
        self.client = client
        self.editor = editor
        self.width = width
        self.style = style
        self.bail = bail
        recorder = SessionRecorder(client: client, engineOptions: engineOptions, commandName: commandName)
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
                await end()
                return 0
            case .interrupted:
                continue
            case .line(let text):
                // A paste may hold several lines; each is a command of its own.
                for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
                    let outcome = await execute(String(line))
                    await writeRecording()
                    switch outcome {
                    case .ok: continue
                    case .quit:
                        await end()
                        return 0
                    case .failed where bail:
                        await end()
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
        let typed = text.trimmingCharacters(in: .whitespaces)
        let parsed = Result { () throws(REPLCommandLine.Mistake) in try REPLCommandLine.parse(text) }
        // In raw mode, lines go as typed; but `raw` leaves it, and `COMMAND &` is still sent.
        if rawMode && typed != "raw" {
            guard case .success(.background(let command)?) = parsed else { return await sendRaw(text) }
            return await carryOut(.background(command), typed: typed)
        }
        switch parsed {
        case .failure(let error): return mistake(error.description)
        case .success(nil): return .ok
        case .success(let command?): return await carryOut(command, typed: typed)
        }
    }

    /// Hands `command`, typed as `typed`, to what carries it out.
    private func carryOut(_ command: REPLCommandLine, typed: String) async -> Outcome {
        switch command {
        case .local(let command):
            return await run(command)
        case .wire(let command):
            guard let request = build(command) else { return .failed }
            return await send(request)
        case .background(let command):
            guard let request = build(command) else { return .failed }
            return await sendInBackground(request, typed: String(typed.dropLast()).trimmingCharacters(in: .whitespaces))
        case .raw(nil):
            rawMode.toggle()
            say(rawMode ? "raw mode: lines are sent as typed; type raw to leave" : "raw mode off")
            return .ok
        case .raw(let line?):
            return await sendRaw(line)
        case .quit:
            return .quit
        }
    }

    private func run(_ command: LocalCommand) async -> Outcome {
        switch command {
        case .showClock:
            say("clock: " + describeClock())
            return .ok
        case .show(let scene):
            guard let scene = scene ?? client.topScene else { return mistake("no scene is live; start an app first: start \(client.catalog.apps.first ?? "APP")") }
            guard let viewModel = client.viewModels[scene] else {
                return mistake("\(scene) is not a live scene with a screen; live scenes: \(client.stack.joined(separator: ", "))")
            }
            say(printer.screen(scene, viewModel).joined(separator: "\n"))
            return .ok
        case .record(let path):
            return await startRecording(to: path)
        case .stopRecording:
            do {
                let recorded = try await recorder.stop()
                say("recorded \(Self.steps(recorded.steps)) to \(recorded.file); replay them with: \(commandName) test \(recorded.file)")
                return .ok
            } catch {
                return mistake(error.description)
            }
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
        case .cancel(let id):
            return await cancel(id)
        case .clear:
            // What Ctrl-L sends: cursor home, then erase the screen. Nothing without a terminal.
            if editor.isInteractive { say("\u{1B}[H\u{1B}[2J", newline: false) }
            return .ok
        }
    }

    // MARK: - Commands

    /// The request `command` stands for in the session as it stands; nil, the mistake said,
    /// when it names what the session does not have.
    private func build(_ command: WireCommand) -> CommandRequest? {
        let builder = RequestBuilder(
            catalog: client.catalog, stack: client.stack, now: client.now, timeZone: client.timeZone, readSecret: editor.readSecret(prompt:))
        do {
            return try builder.request(for: command)
        } catch {
            _ = mistake(error.description)
            return nil
        }
    }

    /// Sends `request` and shows what it changed once it is answered.
    private func send(_ request: CommandRequest) async -> Outcome {
        let exchange = await client.call(request)
        switch request {
        case .startApp, .event, .back, .post:
            return show(exchange, for: request)
        case .setClock:
            let outcome = show(exchange, for: request)
            if outcome == .ok { say(style.dim("clock: " + describeClock())) }
            return outcome
        case .state:
            showBackgroundOutput()
            if let error = exchange.errorMessage { return mistake(error) }
            let scenes = exchange.result?["stack"]?.elements.compactMap { $0["scene"]?.text } ?? []
            say(scenes.isEmpty ? "no scene is live" : scenes.enumerated().map { index, scene in
                index == scenes.count - 1 ? "\(scene)  (top)" : scene
            }.joined(separator: "\n"))
            return .ok
        }
    }

    /// `COMMAND &`: sends `request` and returns to the prompt; what it causes is shown when it
    /// comes, like a live feed's renders, under `command` as typed.
    private func sendInBackground(_ request: CommandRequest, typed command: String) async -> Outcome {
        let id = await client.start(request, command: command)
        say(style.dim("· request \(id) runs in the background; cancel \(id) stops it"))
        return .ok
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
        if recorder.file != nil && !recorded {
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
        let steps: Int
        do {
            steps = try await recorder.start(to: path)
        } catch {
            return mistake(error.description)
        }
        say("recording to \(path), from the start of the session (\(Self.steps(steps)) so far); record stop ends it")
        if let databaseFile {
            say(style.yellow("note: this session reads \(databaseFile); a replay starts with an empty database, so it may differ. Run without --db to record."))
        }
        return .ok
    }

    /// Writes the recording, if any, after every command: the file is complete whenever the
    /// REPL stops.
    private func writeRecording() async {
        do { try await recorder.write() } catch { complain(error.description) }
    }

    /// Ends the session, so that what background work wrote last is recorded, and writes the
    /// recording a last time.
    private func end() async {
        await client.close()
        do { try await recorder.finish() } catch { complain(error.description) }
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

    /// Shows what an exchange changed; a refusal of `request` in the words of the command that
    /// was typed.
    private func show(_ exchange: Exchange, for request: CommandRequest) -> Outcome {
        showBackgroundOutput()
        let lines = printer.lines(for: exchange)
        if let error = exchange.errorMessage {
            if !lines.isEmpty { say(lines.joined(separator: "\n")) }
            return mistake(REPLWording.refusal(error, data: exchange.errorData, of: request))
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
}
