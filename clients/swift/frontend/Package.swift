// swift-tools-version: 5.9
import PackageDescription

// A front end written against the client `viper typegen --language swift` writes, which
// clients/swift/run-tests puts in ../build/ViperApps, as a team's app would depend on its own.
let package = Package(
    name: "Frontend",
    platforms: [.macOS(.v12)],
    dependencies: [.package(path: "../build/ViperApps")],
    targets: [.executableTarget(name: "Frontend", dependencies: [.product(name: "ViperApps", package: "ViperApps")])]
)
