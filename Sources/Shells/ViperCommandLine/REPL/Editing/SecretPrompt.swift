import Foundation

/// Reads a secret (a password) at a terminal without showing what is typed: the terminal's
/// echo is off for the line, as `sudo` and `ssh` ask. The line never reaches an editor's
/// history.
enum SecretPrompt {
    /// Shows `prompt` and reads one line with echo off; nil when stdin is no terminal, or at
    /// Ctrl-D on an empty line.
    static func read(prompt: String) -> String? {
        guard isatty(STDIN_FILENO) == 1 else { return nil }
        var saved = termios()
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return nil }
        var silent = saved
        silent.c_lflag &= ~tcflag_t(ECHO)
        silent.c_lflag |= tcflag_t(ECHONL)
        // Echo goes off before the prompt shows, as `sudo` does: TCSAFLUSH drops what was typed
        // before the question was asked, and a password typed as soon as the prompt showed
        // was dropped with it when the prompt came first (the REPL then waited for ever).
        guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent) == 0 else { return nil }
        // Back as it was without dropping anything: what is typed after the password is the
        // next command.
        defer { tcsetattr(STDIN_FILENO, TCSADRAIN, &saved) }
        FileHandle.standardOutput.write(Data(prompt.utf8))
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let count = Glibc.read(STDIN_FILENO, &byte, 1)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self) }
            if byte == UInt8(ascii: "\n") { break }
            bytes.append(byte)
        }
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }
}
