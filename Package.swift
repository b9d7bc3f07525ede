// swift-tools-version: 6.1
import PackageDescription

/// Settings every target shares: Swift 6 language mode plus the upcoming features the style guide
/// asks for. `NonisolatedNonsendingByDefault` lets a module's async roles run on the session's
/// executor instead of hopping to the global pool on every call.
let sharedSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
]

/// What every test target uses: readable diffs, and the glue that makes CustomDump's
/// `expectNoDifference` fail a Swift Testing test (without it, it only prints a warning).
let testSupport: [Target.Dependency] = [
    .product(name: "CustomDump", package: "swift-custom-dump"),
    .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
]

let package = Package(
    name: "viper",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "viper", targets: ["ViperCLI"]),
        .library(name: "ViperCore", targets: ["ViperCore"]),
        // ViperJSON and ViperSeal are no products: their API is the package's own (`package`
        // access), and no public type shows it; the engine's JSON and the ciphers that seal its
        // journals are not libraries to depend on.
        .library(name: "ViperStore", targets: ["ViperStore"]),
        .library(name: "TodoApp", targets: ["TodoApp"]),
        .library(name: "ViperTesting", targets: ["ViperTesting"]),
        // The whole command (REPL, serve, --listen, test, schema) for a package's own apps.
        .library(name: "ViperCommandLine", targets: ["ViperCommandLine"]),
    ],
    // What a package that depends on viper may leave out, to build only what it uses. viper's
    // own command turns every trait on; a package made by `viper new` turns them off
    // (`traits: []`), and turns one on with a line (docs/your-first-app.md).
    traits: [
        .trait(
            name: "PostgreSQL",
            description: "`serve --database`: the store on PostgreSQL that many processes share (postgres-nio, and swift-nio-ssl for TLS)."
        ),
        .default(enabledTraits: ["PostgreSQL"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // PostgreSQL, the store many processes share (`serve --database`), on SwiftNIO's event loops.
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        // TLS to PostgreSQL (`sslmode`).
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.3"),
        .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        // SwiftNIO under `serve --listen` (HTTP/1 and RFC 6455 on NIO's codecs) and, through
        // Hummingbird 2, under the sample server.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        // The sample server's password hashes (scrypt) and token digests; and, in the tests, what
        // ViperSeal's ciphers are checked against.
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        // The templates of `viper new`.
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        // `viper mcp`: the Model Context Protocol's server and stdio transport.
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", from: "0.12.1"),
        // File descriptors for the MCP client's stdio transport in the tests.
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
    ],
    targets: [
        // The wire: JSON read and written by hand, for speed and exact errors.
        .target(
            name: "ViperJSON",
            swiftSettings: sharedSettings
        ),
        // The engine: sessions, the navigation stack, the protocol's methods, the roles' contracts.
        .target(
            name: "ViperCore",
            dependencies: ["ViperJSON", .product(name: "Logging", package: "swift-log")],
            swiftSettings: sharedSettings
        ),
        // What seals a journal (ChaCha20-Poly1305, HKDF, SHA-256), written here so that a package
        // depending on viper builds no BoringSSL.
        .target(
            name: "ViperSeal",
            swiftSettings: sharedSettings
        ),
        // The store port every app's data is written against, and SQLite, its default back-end;
        // and where a PostgreSQL store is (its URL, read as libpq reads it), which a command
        // built without PostgreSQL still reads, to say what it cannot open.
        .target(
            name: "ViperStore",
            dependencies: [.product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: sharedSettings
        ),
        // The store on PostgreSQL, for many processes on one database.
        .target(
            name: "ViperStorePostgres",
            dependencies: [
                "ViperStore",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: sharedSettings
        ),
        // The apps, each a target of its own under Sources/Apps.
        .target(
            name: "TodoApp",
            dependencies: ["ViperCore", "ViperStore"],
            path: "Sources/Apps/TodoApp",
            swiftSettings: sharedSettings
        ),
        // What every app's Services share: endpoints, JSON over the engine's HTTP port, and the
        // failures a Presenter shows.
        .target(
            name: "ServiceKit",
            dependencies: ["ViperCore", "ViperJSON"],
            path: "Sources/Services/ServiceKit",
            swiftSettings: sharedSettings
        ),
        .target(
            name: "AccountsApp",
            dependencies: ["ViperCore", "ViperJSON", "ViperStore", "ServiceKit"],
            path: "Sources/Apps/AccountsApp",
            swiftSettings: sharedSettings
        ),
        .target(
            name: "NewsApp",
            dependencies: ["ViperCore", "ViperJSON", "ViperStore", "ServiceKit"],
            path: "Sources/Apps/NewsApp",
            swiftSettings: sharedSettings
        ),
        .target(
            name: "WeatherApp",
            dependencies: ["ViperCore", "ViperJSON", "ViperStore", "ServiceKit"],
            path: "Sources/Apps/WeatherApp",
            swiftSettings: sharedSettings
        ),
        // Flights shows its destination's weather through Weather's public Builder alone.
        .target(
            name: "FlightsApp",
            dependencies: ["ViperCore", "ViperJSON", "ViperStore", "ServiceKit", "WeatherApp"],
            path: "Sources/Apps/FlightsApp",
            swiftSettings: sharedSettings
        ),
        // Chat is a VIP app: its Interactors take the View's events.
        .target(
            name: "ChatApp",
            dependencies: ["ViperCore", "ViperJSON", "ServiceKit"],
            path: "Sources/Apps/ChatApp",
            swiftSettings: sharedSettings
        ),
        // The sample server: the users, news, weather, flights and chat APIs the apps talk to,
        // from deterministic data, so that everything runs offline (docs/sample-server.openapi.json).
        .target(
            name: "SampleServer",
            dependencies: [
                "ViperJSON", "ViperStore",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
            ],
            path: "Sources/Services/SampleServer",
            swiftSettings: sharedSettings
        ),
        .target(
            name: "ViperTesting",
            dependencies: ["ViperCore", "ViperJSON"],
            swiftSettings: sharedSettings
        ),
        // WebSocket sessions and the browser page that drives them (`viper serve --listen`).
        .target(
            name: "ViperWeb",
            dependencies: [
                "ViperCore",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ],
            path: "Sources/Shells/ViperWeb",
            resources: [.copy("Page")],
            swiftSettings: sharedSettings
        ),
        // The shells, the Views that come with the engine, under Sources/Shells: the whole
        // command for any host's apps, and viper's own host. GNU readline is GPL: only the
        // executable links it, never a library product.
        .target(
            name: "ViperCommandLine",
            dependencies: [
                "ViperCore",
                "ViperJSON",
                "ViperStore",
                .target(name: "ViperStorePostgres", condition: .when(traits: ["PostgreSQL"])),
                "ViperTesting",
                "ViperWeb",
                "ViperTypegen",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "MCP", package: "swift-sdk"),
                // Journals sealed under their resume keys.
                "ViperSeal",
            ],
            path: "Sources/Shells/ViperCommandLine",
            swiftSettings: sharedSettings
        ),
        // `viper new`: packages and modules from Mustache templates.
        .target(
            name: "ViperGenerator",
            dependencies: [.product(name: "Mustache", package: "swift-mustache")],
            path: "Sources/Generator/ViperGenerator",
            resources: [.copy("Templates")],
            swiftSettings: sharedSettings
        ),
        // `typegen`: typed clients of the hosted apps for front ends in other languages, from
        // what engine.describe says; each language's runtime is written by hand (Runtime/).
        .target(
            name: "ViperTypegen",
            dependencies: ["ViperJSON"],
            path: "Sources/Generator/ViperTypegen",
            resources: [.copy("Runtime")],
            swiftSettings: sharedSettings
        ),
        // libcurl loaded by the `viper` executable when URLSession first needs it, not at start:
        // its folder `link` holds an empty libcurl for the linker (CurlOnDemand.c says why).
        .target(
            name: "CCurlOnDemand",
            path: "Sources/Shells/CCurlOnDemand",
            exclude: ["link"],
            linkerSettings: [
                .linkedLibrary("dl", .when(platforms: [.linux])),
                .unsafeFlags(["-L", Context.packageDirectory + "/Sources/Shells/CCurlOnDemand/link"], .when(platforms: [.linux])),
            ]
        ),
        .systemLibrary(name: "CReadline", path: "Sources/Shells/CReadline", providers: [.apt(["libreadline-dev"])]),
        .executableTarget(
            name: "ViperCLI",
            dependencies: [
                "ViperCommandLine",
                "ViperGenerator",
                "ViperCore",
                "ViperTesting",
                "TodoApp",
                "AccountsApp",
                "NewsApp",
                "WeatherApp",
                "FlightsApp",
                "ChatApp",
                "ServiceKit",
                "SampleServer",
                "ViperStore",
                "CReadline",
                "CCurlOnDemand",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/Shells/ViperCLI",
            swiftSettings: sharedSettings
        ),
        // A test-only app that exercises every part of the engine, and `viper serve` for it
        // (the ProbeServer executable), which the tests over the wire start.
        .target(
            name: "ProbeApp",
            dependencies: ["ViperCore"],
            path: "Tests/Support/ProbeApp",
            swiftSettings: sharedSettings
        ),
        .target(
            name: "LoopbackServer",
            dependencies: [.product(name: "Hummingbird", package: "hummingbird"), .product(name: "ServiceLifecycle", package: "swift-service-lifecycle")],
            path: "Tests/Support/LoopbackServer",
            swiftSettings: sharedSettings
        ),
        // A real PostgreSQL server for the tests, made and started in a folder of its own.
        .target(
            name: "PostgresTestServer",
            dependencies: ["LoopbackPort"],
            path: "Tests/Support/PostgresTestServer",
            swiftSettings: sharedSettings
        ),
        .target(
            name: "LoopbackPort",
            path: "Tests/Support/LoopbackPort",
            swiftSettings: sharedSettings
        ),
        .target(
            name: "WebSocketTestClient",
            path: "Tests/Support/WebSocketTestClient",
            swiftSettings: sharedSettings
        ),
        .executableTarget(
            name: "ProbeServer",
            dependencies: ["ProbeApp", "ViperCore", "ViperJSON", .product(name: "Logging", package: "swift-log")],
            path: "Tests/Support/ProbeServer",
            swiftSettings: sharedSettings
        ),
        // `viper serve --listen`'s WebSocket stack with an echo in place of the engine, for
        // Autobahn's fuzzing client (Tests/Autobahn/run, which bin/test runs).
        .executableTarget(
            name: "AutobahnEchoServer",
            dependencies: ["ViperWeb", .product(name: "Logging", package: "swift-log")],
            path: "Tests/Support/AutobahnEchoServer",
            swiftSettings: sharedSettings
        ),
        .testTarget(
            name: "ViperSealTests",
            dependencies: [
                "ViperSeal",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ] + testSupport,
            swiftSettings: sharedSettings
        ),
        .testTarget(
            name: "ViperJSONTests",
            dependencies: ["ViperJSON"] + testSupport,
            swiftSettings: sharedSettings
        ),
        .testTarget(
            name: "ViperCoreTests",
            dependencies: [
                "ViperCore", "ViperJSON", "ProbeApp", "LoopbackServer",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ] + testSupport,
            swiftSettings: sharedSettings
        ),
        // What the tests of every store use to make SQLite fail: damaged rows, locks, files from a
        // newer engine, disk errors (a VFS in C that fails writes on demand).
        .target(
            name: "CSQLiteFaults",
            path: "Tests/Support/CSQLiteFaults",
            linkerSettings: [.linkedLibrary("sqlite3")]
        ),
        .target(
            name: "StoreFaults",
            dependencies: ["CSQLiteFaults", "ViperStore", .product(name: "GRDB", package: "GRDB.swift")],
            path: "Tests/Support/StoreFaults",
            swiftSettings: sharedSettings
        ),
        .testTarget(
            name: "ViperStorePostgresTests",
            dependencies: ["ViperStorePostgres", "ViperStore", "PostgresTestServer", .product(name: "Logging", package: "swift-log")] + testSupport,
            swiftSettings: sharedSettings
        ),
        .testTarget(
            name: "ViperStoreTests",
            dependencies: ["ViperStore", "StoreFaults", .product(name: "GRDB", package: "GRDB.swift")] + testSupport,
            swiftSettings: sharedSettings
        ),
        .testTarget(
            name: "TodoAppTests",
            dependencies: [
                "TodoApp", "AppTestSupport", "ViperCore", "ViperJSON", "ViperStore", "StoreFaults",
                .product(name: "PropertyBased", package: "swift-property-based"),
                // To make a database file as the first version of the store left it.
                .product(name: "GRDB", package: "GRDB.swift"),
            ] + testSupport,
            path: "Tests/Apps/TodoAppTests",
            swiftSettings: sharedSettings
        ),
        // What the tests of every app share: a recording view and log, clocks, a scripted HTTP port.
        .target(
            name: "AppTestSupport",
            dependencies: ["ViperCore"],
            path: "Tests/Support/AppTestSupport",
            swiftSettings: sharedSettings
        ),
        .testTarget(
            name: "AccountsAppTests",
            dependencies: [
                "AccountsApp", "AppTestSupport", "ViperCore", "ViperJSON", "ViperStore", "ServiceKit", .product(name: "GRDB", package: "GRDB.swift"),
            ] + testSupport,
            path: "Tests/Apps/AccountsAppTests",
            swiftSettings: sharedSettings
        ),
        .testTarget(
            name: "NewsAppTests",
            dependencies: [
                "NewsApp", "AppTestSupport", "ViperCore", "ViperJSON", "ViperStore", "ServiceKit", .product(name: "GRDB", package: "GRDB.swift"),
            ] + testSupport,
            path: "Tests/Apps/NewsAppTests",
            swiftSettings: sharedSettings
        ),
        .testTarget(
            name: "WeatherAppTests",
            dependencies: [
                "WeatherApp", "AppTestSupport", "ViperCore", "ViperJSON", "ViperStore", "ServiceKit", "StoreFaults", .product(name: "GRDB", package: "GRDB.swift"),
            ] + testSupport,
            path: "Tests/Apps/WeatherAppTests",
            swiftSettings: sharedSettings
        ),
        .testTarget(
            name: "FlightsAppTests",
            dependencies: ["FlightsApp", "WeatherApp", "AppTestSupport", "ViperCore", "ViperJSON", "ServiceKit"] + testSupport,
            path: "Tests/Apps/FlightsAppTests",
            swiftSettings: sharedSettings
        ),
        .testTarget(
            name: "ChatAppTests",
            dependencies: ["ChatApp", "AppTestSupport", "ViperCore", "ViperJSON", "ServiceKit"] + testSupport,
            path: "Tests/Apps/ChatAppTests",
            swiftSettings: sharedSettings
        ),
        .testTarget(
            name: "SampleServerTests",
            dependencies: ["SampleServer", "ViperJSON", "ViperStore", .product(name: "GRDB", package: "GRDB.swift")] + testSupport,
            path: "Tests/Services/SampleServerTests",
            swiftSettings: sharedSettings
        ),
        .testTarget(
            name: "ViperTestingTests",
            dependencies: ["ViperTesting", "ViperCore", "ViperJSON", "TodoApp", "ViperStore", "ProbeApp"] + testSupport,
            swiftSettings: sharedSettings
        ),
        .testTarget(
            name: "ViperCLITests",
            dependencies: [
                "ViperCLI", "ViperCommandLine", "ViperTesting", "ProbeServer", "TodoApp", "ViperJSON", "StoreFaults", "LoopbackServer", "SampleServer", "ViperStore", "WebSocketTestClient",
                "PostgresTestServer", "LoopbackPort", "ViperStorePostgres",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                // The official MCP client, driving `viper mcp` as an agent's host would.
                .product(name: "MCP", package: "swift-sdk"),
                .product(name: "SystemPackage", package: "swift-system"),
            ] + testSupport,
            path: "Tests/Shells/ViperCLITests",
            swiftSettings: sharedSettings
        ),
        .testTarget(
            name: "ViperTypegenTests",
            dependencies: ["ViperTypegen", "ViperJSON"] + testSupport,
            path: "Tests/Generator/ViperTypegenTests",
            swiftSettings: sharedSettings
        ),
        .testTarget(
            name: "ViperWebTests",
            dependencies: [
                "ViperWeb", "ViperCore", "TodoApp", "ViperStore", "WebSocketTestClient",
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"), .product(name: "NIOEmbedded", package: "swift-nio"),
            ] + testSupport,
            path: "Tests/Shells/ViperWebTests",
            swiftSettings: sharedSettings
        ),
    ]
)
