// swift-tools-version: 6.1
import PackageDescription

/// The tools behind `bin/bench`: the driver that measures the engine, the references it is
/// compared with, and an in-process replay of a transcript for profiling. A package of its own,
/// so the main build and `swift test` stay as they are.
let package = Package(
    name: "viper-benchmarks",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "viper-bench", targets: ["ViperBench"]),
        .executable(name: "hello", targets: ["Hello"]),
        .executable(name: "viper-replay", targets: ["ViperReplay"]),
        .executable(name: "viper-load", targets: ["ViperLoad"]),
    ],
    dependencies: [
        .package(name: "viper", path: ".."),
    ],
    targets: [
        /// Runs every measurement and prints the table.
        .executableTarget(
            name: "ViperBench",
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        ),
        /// WebSocket sessions on one `viper serve --listen`: idle memory per session, and each
        /// playing the ToDo add story in a loop (events/s, round trips, CPU).
        .executableTarget(
            name: "ViperLoad",
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        ),
        /// The cold-start reference: prints one line and exits.
        .executableTarget(name: "Hello"),
        /// Serves one session over stdin and stdout like `viper serve --db :memory:`, without the
        /// command line layer: valgrind cannot run the `viper` executable (see BENCHMARKS.md),
        /// but it can run this, which drives the same `StdioServer` and `Session`.
        .executableTarget(
            name: "ViperReplay",
            dependencies: [
                .product(name: "ViperCore", package: "viper"),
                .product(name: "TodoApp", package: "viper"),
                .product(name: "ViperStore", package: "viper"),
            ]
        ),
    ]
)
