@preconcurrency import CReadline
import Foundation
import Synchronization
import ViperCommandLine

/// Line editing on a terminal with GNU readline: history kept across runs, Tab completion,
/// Ctrl-C to drop the line being typed, Ctrl-D to leave.
///
/// Readline's alternate (callback) interface is used, so that Ctrl-C can be handled between
/// keystrokes instead of by jumping out of `readline()`, which Swift cannot do safely.
final class ReadlineEditor: LineEditor {
    private let historyFile: String?
    private let remembers: (String) -> Bool

    var isInteractive: Bool { true }

    /// An editor whose Tab offers `complete(linePrefix)`; history goes to `historyFile`, except
    /// the lines `remembers` refuses (those that send a password).
    init(
        historyFile: String?, remembers: @escaping (String) -> Bool = { _ in true }, complete: @escaping (String) -> [String],
        describe: @escaping (String) -> [String: String] = { _ in [:] }
    ) {
        self.historyFile = historyFile
        self.remembers = remembers
        ReadlineBridge.complete = complete
        ReadlineBridge.describe = describe
        rl_readline_name = UnsafePointer(strdup("viper"))
        // Our SIGINT handler stays in charge; readline must not install its own.
        rl_catch_signals = 0
        // Words break at blanks only: scene ids (`todo.add#1`) and `field=value` are one word.
        rl_completer_word_break_characters = UnsafePointer(strdup(" \t"))
        rl_attempted_completion_function = { _, _, _ in ReadlineBridge.completionMatches() }
        // Matches that are values on screen (ids) are listed with what each is.
        rl_completion_display_matches_hook = { matches, count, longest in ReadlineBridge.display(matches, Int(count), Int(longest)) }
        // Pasted lines then arrive one by one, each ended by its newline, like typed ones.
        rl_variable_bind("enable-bracketed-paste", "off")
        // SIGINT may land on any thread of the process, so it cannot be relied on to interrupt
        // this thread's poll(2): the handler also writes a byte to a pipe that poll watches.
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            ReadlineBridge.wakeUpReader = ends[0]
            ReadlineBridge.wakeUpWriter.store(ends[1], ordering: .relaxed)
        }
        signal(SIGINT) { _ in
            ReadlineBridge.interrupted.store(true, ordering: .relaxed)
            var byte: UInt8 = 1
            _ = write(ReadlineBridge.wakeUpWriter.load(ordering: .relaxed), &byte, 1)
        }
        using_history()
        stifle_history(1000)
        if let historyFile {
            let folder = URL(fileURLWithPath: historyFile).deletingLastPathComponent()
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            if read_history(historyFile) != 0 { write_history(historyFile) }
        }
    }

    deinit {
        if let historyFile { history_truncate_file(historyFile, 1000) }
    }

    func read(prompt: String, interjection: Interjection) -> EditorInput {
        ReadlineBridge.line = nil
        rl_callback_handler_install(prompt) { text in
            // Removed here, inside the callback: left installed, readline would draw the prompt
            // again before the command's output, which then overwrites it.
            rl_callback_handler_remove()
            ReadlineBridge.line = .some(text.map { pointer in
                defer { free(pointer) }
                return String(cString: pointer)
            })
        }
        defer { rl_callback_handler_remove() }
        while true {
            if ReadlineBridge.interrupted.exchange(false, ordering: .relaxed) {
                // Ctrl-C: forget the line being typed and start a fresh prompt.
                rl_free_line_state()
                rl_callback_sigcleanup()
                rl_replace_line("", 0)
                rl_crlf()
                return .interrupted
            }
            var descriptors = [
                pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                pollfd(fd: ReadlineBridge.wakeUpReader, events: Int16(POLLIN), revents: 0),
                pollfd(fd: interjection.descriptor, events: Int16(POLLIN), revents: 0),
            ]
            // Interrupted by a signal, or woken by the handler's byte: go round and look at the flag.
            guard poll(&descriptors, 3, -1) > 0 else { continue }
            if descriptors[1].revents != 0 {
                var drained = [UInt8](repeating: 0, count: 64)
                _ = Glibc.read(ReadlineBridge.wakeUpReader, &drained, drained.count)
                continue
            }
            if descriptors[2].revents != 0, let shown = interjection.take() {
                showAbove(shown.text, prompt: shown.prompt)
            }
            guard descriptors[0].revents != 0 else { continue }
            rl_callback_read_char()
            guard let line = ReadlineBridge.line else { continue }
            guard let text = line else {
                rl_crlf()
                return .endOfInput
            }
            remember(text)
            return .line(text)
        }
    }

    /// Runs `work` while a thread watches the SIGINT handler's pipe: Ctrl-C while the engine
    /// works cancels the request instead of waiting to drop a line at the next prompt.
    func whileWaiting(_ work: () async -> Void, interrupted: @escaping @Sendable () -> Void) async {
        var stop: [Int32] = [-1, -1]
        guard pipe(&stop) == 0 else { return await work() }
        let watcherEnded = DispatchSemaphore(value: 0)
        let (wakeUp, stopReader) = (ReadlineBridge.wakeUpReader, stop[0])
        Thread.detachNewThread {
            defer { watcherEnded.signal() }
            while true {
                var descriptors = [pollfd(fd: wakeUp, events: Int16(POLLIN), revents: 0), pollfd(fd: stopReader, events: Int16(POLLIN), revents: 0)]
                guard poll(&descriptors, 2, -1) > 0 else { continue }
                if descriptors[1].revents != 0 { return }
                var drained = [UInt8](repeating: 0, count: 64)
                _ = Glibc.read(wakeUp, &drained, drained.count)
                if ReadlineBridge.interrupted.exchange(false, ordering: .relaxed) { interrupted() }
            }
        }
        await work()
        var byte: UInt8 = 1
        _ = write(stop[1], &byte, 1)
        watcherEnded.wait()
        close(stop[0])
        close(stop[1])
    }

    /// Prints `text` above the line being typed and draws the prompt and that line again
    /// below it, where the cursor was: what arrives by itself never breaks what is typed.
    private func showAbove(_ text: String, prompt: String) {
        let typed = rl_copy_text(0, rl_end)
        let point = rl_point
        rl_set_prompt("")
        rl_replace_line("", 0)
        rl_redisplay()
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
        rl_set_prompt(prompt)
        rl_replace_line(typed.map { String(cString: $0) } ?? "", 0)
        free(typed)
        rl_point = point
        rl_redisplay()
    }

    private func remember(_ line: String) {
        // Completion leaves a space after the last word; history does not need it.
        let text = String(line.reversed().drop { $0 == " " }.reversed())
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty, remembers(text) else { return }
        if let last = history_get(history_base + history_length - 1), String(cString: last.pointee.line) == text { return }
        add_history(text)
        if let historyFile { append_history(1, historyFile) }
    }
}

/// What readline's C callbacks reach: they cannot capture context. Only the REPL's one thread
/// touches these, except `interrupted`, which the signal handler sets.
private enum ReadlineBridge {
    nonisolated(unsafe) static var complete: (String) -> [String] = { _ in [] }
    nonisolated(unsafe) static var describe: (String) -> [String: String] = { _ in [:] }
    /// What the candidates of the last completion are, by candidate.
    nonisolated(unsafe) static var descriptions: [String: String] = [:]
    /// The line the handler received: nil while typing, `.some(nil)` at Ctrl-D.
    nonisolated(unsafe) static var line: String??
    nonisolated(unsafe) static var candidates: [String] = []
    nonisolated(unsafe) static var nextCandidate = 0
    static let interrupted = Atomic<Bool>(false)
    /// The self-pipe the SIGINT handler writes to, so that poll(2) wakes up.
    nonisolated(unsafe) static var wakeUpReader: Int32 = -1
    static let wakeUpWriter = Atomic<Int32>(-1)

    /// Lists `matches` (readline's: the common prefix, then `count` candidates) one a line with
    /// what each is, when some are described; else as readline lists them.
    static func display(_ matches: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ count: Int, _ longest: Int) {
        guard let matches else { return }
        let words = (1...max(count, 1)).compactMap { matches[$0].map { String(cString: $0) } }
        guard !descriptions.isEmpty else {
            rl_display_match_list(matches, Int32(count), Int32(longest))
            rl_forced_update_display()
            return
        }
        let width = words.map(\.count).max() ?? 0
        var text = "\n"
        for word in words {
            let description = descriptions[word].map { "  " + $0 } ?? ""
            text += word + String(repeating: " ", count: width - word.count) + description + "\n"
        }
        fputs(text, stdout)
        fflush(stdout)
        rl_forced_update_display()
    }

    static func completionMatches() -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
        rl_attempted_completion_over = 1  // never fall back to file names
        let buffer = rl_line_buffer.map { String(cString: $0) } ?? ""
        let prefix = String(decoding: buffer.utf8.prefix(Int(rl_point)), as: UTF8.self)
        candidates = complete(prefix)
        descriptions = candidates.count > 1 ? describe(prefix) : [:]
        nextCandidate = 0
        // After `title=` the value follows directly, no space.
        rl_completion_append_character = candidates.allSatisfy({ $0.hasSuffix("=") }) ? 0 : 32
        let word = String(prefix.split(separator: " ", omittingEmptySubsequences: false).last ?? "")
        return rl_completion_matches(word) { _, state in
            if state == 0 { ReadlineBridge.nextCandidate = 0 }
            guard ReadlineBridge.nextCandidate < ReadlineBridge.candidates.count else { return nil }
            defer { ReadlineBridge.nextCandidate += 1 }
            return strdup(ReadlineBridge.candidates[ReadlineBridge.nextCandidate])
        }
    }
}
