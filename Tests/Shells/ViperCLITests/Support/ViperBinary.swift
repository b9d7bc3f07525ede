import Foundation

/// Finds the `viper` executable that `swift build` / `swift test` built next to the test bundle,
/// or the one `VIPER_BINARY` names.
enum ViperBinary {
    static let path: String = {
        if let override = ProcessInfo.processInfo.environment["VIPER_BINARY"] { return override }
        let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return testBinary.deletingLastPathComponent().appendingPathComponent("viper").path
    }()
}
