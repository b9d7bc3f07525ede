import Foundation
import Logging
import ProbeApp
import ViperCore
import ViperJSON

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// `ProbeServer`: `viper serve` for the test-only probe app, so that the tests over the wire
// drive every part of protocol 1.1 (cancellation, background renders, the bus, going back,
// effects, HTTP) through a real process and real pipes, before any real app uses them.
// `--enable-fault-injection` as in viper serve; logs go to stderr at warning level. `--schema`
// prints the protocol's schema for the probe app instead, to validate what it writes.
signal(SIGPIPE, SIG_IGN)
let arguments = CommandLine.arguments.dropFirst()
if arguments.contains("--schema") {
    print(String(decoding: PrettyJSON.encode(ProtocolSchema.document(for: [ProbeApp.factory])), as: UTF8.self), terminator: "")
    exit(0)
}
LoggingSystem.bootstrap { label in
    var handler = StreamLogHandler.standardError(label: label)
    handler.logLevel = .warning
    return handler
}
// `--planted` serves the app with bugs planted for `viper explore` instead (`--fixed`: without them).
let apps = arguments.contains("--planted") ? [PlantedApp.factory(fixed: arguments.contains("--fixed"))] : [ProbeApp.factory]
let engine = Engine(EngineConfiguration(apps: apps, allowsFaultInjection: arguments.contains("--enable-fault-injection")))
let output = FileDescriptorSink(fileDescriptor: STDOUT_FILENO)
let signals = try TerminationSignals.install(output: output)
// `--render-after-leave` plants a bug in the engine itself: a scene that left renders once more.
let sessionOutput: any LineSink = arguments.contains("--render-after-leave") ? RenderAfterLeaveSink(wrapping: output) : output
await StdioServer.run(engine.makeSession(output: sessionOutput), input: STDIN_FILENO, output: output, signals: signals)
