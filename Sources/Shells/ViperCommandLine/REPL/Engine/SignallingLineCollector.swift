import ViperCore

/// The REPL's sink: keeps the engine's lines until the REPL takes them, and raises `signal`
/// for each, so that lines written between requests (background work) are noticed.
final class SignallingLineCollector: LineSink {
    private let lines = LineCollector()
    private let signal: OutputSignal

    init(signal: OutputSignal) {
        self.signal = signal
    }

    func write(line: [UInt8]) {
        lines.write(line: line)
        signal.raise()
    }

    /// The lines written since the last call, oldest first.
    func drain() -> [String] {
        lines.drain()
    }
}
