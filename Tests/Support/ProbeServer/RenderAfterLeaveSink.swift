import Foundation
import Synchronization
import ViperCore

/// The output of an engine with a planted bug, for `viper explore` to find: after a scene
/// leaves the stack (`view.navigate` `pop` or `dismiss`), its last render is written again.
/// viper's own engine drops such renders, so only an engine driven over `--exec` can show it.
final class RenderAfterLeaveSink: LineSink {
    private let output: any LineSink
    /// The last render line of each scene, by the scene's id.
    private let renders = Mutex<[String: [UInt8]]>([:])

    init(wrapping output: any LineSink) {
        self.output = output
    }

    func write(line: [UInt8]) {
        output.write(line: line)
        let text = String(decoding: line, as: UTF8.self)
        guard let scene = Self.scene(in: text) else { return }
        if text.contains(#""method":"view.render""#) {
            renders.withLock { $0[scene] = line }
        } else if text.contains(#""action":"pop""#) || text.contains(#""action":"dismiss""#), let stale = renders.withLock({ $0[scene] }) {
            output.write(line: stale)
        }
    }

    func flush() {
        output.flush()
    }

    /// The value of the first `"scene":"…"` in `line`.
    private static func scene(in line: String) -> String? {
        guard let start = line.range(of: #""scene":""#)?.upperBound, let end = line[start...].firstIndex(of: "\"") else { return nil }
        return String(line[start..<end])
    }
}
