import Foundation

/// Reads commands from a pipe or file, one per line, with no prompt and no escape codes:
/// `viper < script.txt`. What arrives by itself while it waits for the next line is printed
/// as it comes, so a program that drives the REPL through a pipe sees a live feed too.
///
/// On a terminal whose host plugs no line editor, it reads typed lines the same way, with the
/// terminal's own editing, and shows the prompt.
final class ScriptReader: LineEditor {
    private var buffer: [UInt8] = []
    private var ended = false
    private let prompts: Bool

    /// A reader of a script; with `prompts`, of a person typing at a terminal.
    init(prompts: Bool = false) {
        self.prompts = prompts
    }

    var isInteractive: Bool { prompts }

    func read(prompt: String, interjection: Interjection) -> EditorInput {
        if prompts { Self.show(prompt) }
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = buffer[..<newline]
                buffer.removeFirst(newline + 1)
                return .line(Self.text(line))
            }
            if ended {
                guard !buffer.isEmpty else { return .endOfInput }
                defer { buffer.removeAll() }
                return .line(Self.text(buffer[...]))
            }
            var watched = [
                pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                pollfd(fd: interjection.descriptor, events: Int16(POLLIN), revents: 0),
            ]
            guard poll(&watched, 2, -1) > 0 else { continue }
            if watched[1].revents != 0, let shown = interjection.take() {
                FileHandle.standardOutput.write(Data((shown.text + "\n").utf8))
                if prompts { Self.show(shown.prompt) }
            }
            if watched[0].revents != 0 {
                var chunk = [UInt8](repeating: 0, count: 4096)
                let count = Glibc.read(STDIN_FILENO, &chunk, chunk.count)
                if count > 0 { buffer += chunk[..<count] } else if count == 0 || errno != EINTR { ended = true }
            }
        }
    }

    /// Ctrl-C ends a script, as it ends any filter.
    func whileWaiting(_ work: () async -> Void, interrupted: @escaping @Sendable () -> Void) async {
        await work()
    }

    /// Shows `prompt` without the markers that tell readline which of its bytes take no room.
    private static func show(_ prompt: String) {
        FileHandle.standardOutput.write(Data(prompt.filter { $0 != "\u{1}" && $0 != "\u{2}" }.utf8))
    }

    /// A line without its end (`\r\n` too), its bytes read as UTF-8.
    private static func text(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes.last == UInt8(ascii: "\r") ? bytes.dropLast() : bytes, as: UTF8.self)
    }
}
