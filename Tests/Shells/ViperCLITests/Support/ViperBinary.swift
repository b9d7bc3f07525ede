import Foundation

/// Finds the `viper` executable that `swift build` / `swift test` built next to the test bundle,
/// or the one `VIPER_BINARY` names; and `ProbeServer`, viper serve for the test-only probe app.
enum ViperBinary {
    static let probePath: String = {
        let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return testBinary.deletingLastPathComponent().appendingPathComponent("ProbeServer").path
    }()

    static let path: String = {
        if let override = ProcessInfo.processInfo.environment["VIPER_BINARY"] { return override }
        let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return testBinary.deletingLastPathComponent().appendingPathComponent("viper").path
    }()

    /// The repository's root folder, where `deploy/` and `examples/` are.
    static let repositoryRoot: String = {
        var folder = URL(fileURLWithPath: #filePath)
        for _ in 0..<5 { folder.deleteLastPathComponent() }
        return folder.path
    }()
}
