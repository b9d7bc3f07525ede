import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs `viper` (or another command built on it) on a pseudo-terminal, as a person at a terminal would: keystrokes in, the
/// screen's bytes out. The child gets a session of its own with the terminal as its controlling
/// terminal, so Ctrl-C reaches it as SIGINT.
final class PseudoTerminal {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let master: Int32
    private let pid: pid_t
    private var output: [UInt8] = []
    private var exitStatus: Int32?
    /// How many characters of `screenText` earlier matches covered.
    private var matchedUpTo = 0

    init(executable: String = ViperBinary.path, arguments: [String], environment: [String: String], columns: UInt16 = 80) throws {
        // posix_openpt and ptsname hide behind _XOPEN_SOURCE in glibc, which Swift's Glibc
        // module does not define; these are the Linux ioctls they wrap.
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        let setLock: UInt = 0x4004_5431  // TIOCSPTLCK
        let getNumber: UInt = 0x8004_5430  // TIOCGPTN
        guard master >= 0, ioctl(master, setLock, &unlock) == 0, ioctl(master, getNumber, &number) == 0 else {
            throw Failure(description: "no pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        let slave = "/dev/pts/\(number)"
        var size = winsize(ws_row: 40, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, slave, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        try Self.closeEveryOtherDescriptor(in: &actions)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // POSIX_SPAWN_SETSID (glibc 2.26): a new session, so the terminal opened next becomes its
        // controlling terminal.
        posix_spawnattr_setflags(&attributes, Int16(0x80))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child: pid_t = 0
        let result = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
        guard result == 0 else { throw Failure(description: "posix_spawn failed: \(String(cString: strerror(result)))") }
        pid = child
    }

    /// The child keeps only its terminal. Without this it would inherit every descriptor the
    /// test process has open (posix_spawn closes nothing by itself): other tests' pipes, whose
    /// readers then wait for an end that comes only when this child exits, and their sockets.
    private static func closeEveryOtherDescriptor(in actions: inout posix_spawn_file_actions_t) throws {
        // glibc 2.34's posix_spawn_file_actions_addclosefrom_np, which Swift's Glibc module does
        // not import.
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else {
            throw Failure(description: "this C library has no posix_spawn_file_actions_addclosefrom_np (glibc 2.34 or later has)")
        }
        let result = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
        guard result == 0 else { throw Failure(description: "posix_spawn_file_actions_addclosefrom_np failed: \(String(cString: strerror(result)))") }
    }

    deinit {
        if exitStatus == nil {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        close(master)
    }

    /// Sends keystrokes: `\t` is Tab, `\r` Enter, `\u{3}` Ctrl-C, `\u{4}` Ctrl-D.
    func type(_ keys: String) {
        let bytes = Array(keys.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Reads the screen until its text, without escape codes, shows `text` after the previous
    /// match; returns the text up to there. Matches move forward, so one text is not found twice.
    @discardableResult
    func waitFor(_ text: String, timeout: Duration = .seconds(20)) throws -> String {
        let deadline = ContinuousClock.now + timeout
        while true {
            let screen = screenText
            let searchStart = screen.index(screen.startIndex, offsetBy: min(matchedUpTo, screen.count))
            if let range = screen.range(of: text, range: searchStart..<screen.endIndex) {
                matchedUpTo = screen.distance(from: screen.startIndex, to: range.upperBound)
                return String(screen[..<range.upperBound])
            }
            guard ContinuousClock.now < deadline else {
                throw Failure(description: "waited for \(text.debugDescription); the screen shows:\n\(screen.suffix(1500))")
            }
            readAvailable(waitingMilliseconds: 100)
        }
    }

    /// Waits for the program to end and returns its exit status.
    func waitForExit(timeout: Duration = .seconds(20)) throws -> Int32 {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            readAvailable(waitingMilliseconds: 50)
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid {
                let code = (status >> 8) & 0xFF
                exitStatus = code
                return code
            }
        }
        throw Failure(description: "the REPL did not exit; the screen shows:\n\(screenText.suffix(1500))")
    }

    /// Every byte the program wrote, escape codes and all.
    var rawScreen: String { String(decoding: output, as: UTF8.self) }

    /// What a person would read: the output without terminal escape sequences and carriage returns.
    var screenText: String {
        var text = ""
        var iterator = rawScreen.unicodeScalars.makeIterator()
        while let scalar = iterator.next() {
            if scalar == "\u{1B}" {
                // CSI: ESC [ params final-byte; other escapes are two characters.
                guard let next = iterator.next() else { break }
                if next == "[" {
                    while let byte = iterator.next(), !(0x40...0x7E).contains(byte.value) {}
                }
            } else if scalar != "\r" && scalar != "\u{7}" {
                text.unicodeScalars.append(scalar)
            }
        }
        return text
    }

    private func readAvailable(waitingMilliseconds: Int32) {
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, waitingMilliseconds) > 0 else { return }
        var chunk = [UInt8](repeating: 0, count: 4096)
        let count = chunk.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
        if count > 0 { output += chunk[0..<count] }
    }
}
