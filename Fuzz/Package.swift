// swift-tools-version: 6.1
import PackageDescription

/// The libFuzzer target behind `bin/fuzz`: arbitrary bytes as protocol lines to a session with
/// the ToDo app. A package of its own, so the main build and `swift test` stay as they are;
/// bin/fuzz builds it with AddressSanitizer and libFuzzer's coverage, and runs it.
let package = Package(
    name: "viper-fuzz",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "viper", path: ".."),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        /// Declares libFuzzer's driver, which the fuzz target's `main` hands control to.
        .target(name: "CLibFuzzer"),
        .executableTarget(
            name: "ViperFuzz",
            dependencies: [
                "CLibFuzzer",
                .product(name: "ViperCore", package: "viper"),
                .product(name: "TodoApp", package: "viper"),
                .product(name: "ViperStore", package: "viper"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        ),
    ]
)
