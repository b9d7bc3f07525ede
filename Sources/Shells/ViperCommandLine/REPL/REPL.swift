import Foundation
import ViperTesting

/// The human View of the engine: reads commands, hands each to what carries it out (the REPL
/// itself, or the request it stands for, built whole and sent), and shows what changed.
final class REPL {
    private let client: EngineClient
    private let editor: any LineEditor
    /// Stop at the first error, with a failing exit status.
    private let bail: Bool
    /// The command the REPL runs in (`viper`), for its prompt and welcome.
    private let commandName: String
    private let output: REPLOutput
    private let display: SessionDisplay
    private let sender: RequestSender
    private let recorder: SessionRecorder
    private let localCommands: LocalCommandRunner
    /// The database file the session reads, when it is not in memory, for the welcome.
    private let databaseFile: String?
    /// Lines are sent as typed, not read as commands (`raw`).
    private var rawMode = false
    /// What may move the session onto a rebuilt engine (`dev`).
    private let reloader: (any SessionReloader)?

    /// `engineOptions` are the options a transcript of this session needs to replay, as they
    /// stand when it is written (`AppResources.addReplayArguments`); `serverOptions` the title
    /// of the command's options that say where the apps' servers are, if it has any.
    init(
        client: EngineClient, editor: any LineEditor, style: TextStyle, width: Int, bail: Bool, engineOptions: @escaping () -> [String], databaseFile: String?,
        commandName: String = "viper", serverOptions: String? = "Servers", explore: (@Sendable (_ app: String) async throws -> ExploreReport)? = nil,
        reloader: (any SessionReloader)? = nil
    ) {
        self.client = client
        self.reloader = reloader
        self.editor = editor
        self.bail = bail
        self.commandName = commandName
        self.databaseFile = databaseFile
        output = REPLOutput(style: style)
        display = SessionDisplay(client: client, output: output, width: width)
        sender = RequestSender(client: client, display: display)
        recorder = SessionRecorder(client: client, engineOptions: engineOptions, commandName: commandName)
        localCommands = LocalCommandRunner(
            client: client, display: display, recorder: recorder, isInteractive: editor.isInteractive, commandName: commandName,
            serverOptions: serverOptions, databaseFile: databaseFile, explore: explore)
    }

    /// Runs until the input ends or `quit`; returns the exit status.
    func run(locale: String?, firstWeekday: Int?) async -> Int32 {
        let opened = await client.open(locale: locale, firstWeekday: firstWeekday)
        if let error = opened.errorMessage {
            output.complain(error)
            return 1
        }
        if editor.isInteractive { output.say(banner) }
        while true {
            switch editor.read(prompt: prompt, interjection: Interjection(descriptor: client.outputSignal.descriptor) { [self] in
                // Taking the background output clears the signal first: news raised after it
                // is still taken here, or wakes the editor again.
                let shown = [display.takeBackgroundOutput(), reloader?.takeNews()].compactMap { $0 }
                return shown.isEmpty ? nil : (shown.joined(separator: "\n"), prompt)
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

    /// Carries out one line; public to tests through `@testable`.
    func execute(_ text: String) async -> Outcome {
        // What came by itself before the line was typed is shown before what the line causes.
        display.showBackgroundOutput()
        if let reloader {
            // A line typed while the package rebuilds runs on the engine that results.
            await reloader.settled()
            if let news = reloader.takeNews() { output.say(news) }
        }
        let typed = text.trimmingCharacters(in: .whitespaces)
        let parsed = Result { () throws(REPLCommandLine.Mistake) in try REPLCommandLine.parse(text) }
        // In raw mode, lines go as typed; but `raw` leaves it, and `COMMAND &` is still sent.
        if rawMode && typed != "raw" {
            guard case .success(.background(let command)?) = parsed else { return await sender.sendRaw(text) }
            return await carryOut(.background(command), typed: typed)
        }
        switch parsed {
        case .failure(let mistake): return output.mistake(mistake.description)
        case .success(nil): return .ok
        case .success(let command?): return await carryOut(command, typed: typed)
        }
    }

    /// Hands `command`, typed as `typed`, to what carries it out.
    private func carryOut(_ command: REPLCommandLine, typed: String) async -> Outcome {
        switch command {
        case .local(let command):
            return await localCommands.run(command)
        case .wire(let command):
            guard let request = build(command) else { return .failed }
            return await sender.send(request)
        case .background(let command):
            guard let request = build(command) else { return .failed }
            return await sender.sendInBackground(request, typed: String(typed.dropLast()).trimmingCharacters(in: .whitespaces))
        case .raw(nil):
            rawMode.toggle()
            output.say(rawMode ? "raw mode: lines are sent as typed; type raw to leave" : "raw mode off")
            return .ok
        case .raw(let line?):
            return await sender.sendRaw(line)
        case .quit:
            return .quit
        }
    }

    /// The request `command` stands for in the session as it stands; nil, the mistake said,
    /// when it names what the session does not have.
    private func build(_ command: WireCommand) -> CommandRequest? {
        let builder = RequestBuilder(
            catalog: client.catalog, stack: client.stack, now: client.now, timeZone: client.timeZone, readSecret: editor.readSecret(prompt:))
        do {
            return try builder.request(for: command)
        } catch {
            _ = output.mistake(error.description)
            return nil
        }
    }

    /// Writes the recording, if any, after every command: the file is complete whenever the
    /// REPL stops.
    private func writeRecording() async {
        do { try await recorder.write() } catch { output.complain(error.description) }
    }

    /// Ends the session, so that what background work wrote last is recorded, and writes the
    /// recording a last time.
    private func end() async {
        await client.close()
        do { try await recorder.finish() } catch { output.complain(error.description) }
    }

    private var prompt: String {
        if rawMode { return "raw> " }
        // Readline needs to know which prompt bytes take no room on screen.
        // Requests sent with `&` that have not finished are counted, so none is forgotten.
        let scene = (client.topScene ?? commandName) + (client.running.isEmpty ? "" : " (\(client.running.count) running)")
        return output.style.colored ? "\u{1}\u{1B}[36m\u{2}\(scene)\u{1}\u{1B}[0m\u{2}> " : "\(scene)> "
    }

    private var banner: String {
        let clock = ClockText.describing(client.now, in: client.timeZone, named: client.timeZoneName)
        return Banner(commandName: commandName, apps: client.catalog.apps, clock: clock, databaseFile: databaseFile).text(style: output.style)
    }
}
