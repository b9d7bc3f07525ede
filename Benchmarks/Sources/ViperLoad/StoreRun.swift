import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The stores mode: saves and keystrokes per second with the apps' data in a SQLite file, in
/// PostgreSQL with one process, and in PostgreSQL with two processes behind nginx (configured
/// with deploy/nginx-viper.conf, as docs/deploy.md deploys them), side by side in one run.
struct StoreRun {
    let viper: String
    /// An empty PostgreSQL database; each run works in a workspace (a schema) of its own.
    let databaseURL: String
    let nginx: String
    let site: String
    let seconds: Double

    /// Where the data is, and how many processes serve.
    enum Setup: CustomStringConvertible {
        case sqlite
        /// PostgreSQL with `processes` processes, keeping journals or not (`--no-journal`).
        case postgres(processes: Int, journals: Bool)

        var description: String {
            switch self {
            case .sqlite: "SQLite, 1 process"
            case .postgres(let processes, let journals):
                (processes == 1 ? "PostgreSQL, 1 process" : "PostgreSQL, \(processes) processes behind nginx") + (journals ? ", journals" : ", no journals")
            }
        }
    }

    /// The processes of a setup, and the port clients connect to.
    final class Deployment {
        let servers: [ListeningServer]
        let port: UInt16
        private let folder: String
        private let proxy: Process?

        init(_ setup: StoreRun, _ kind: Setup, sessions: Int) throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("viper-load-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let limits = ["--max-sessions", "\(max(sessions, 10))"]
            switch kind {
            case .sqlite:
                servers = [try ListeningServer(viper: setup.viper, arguments: ["--db", folder + "/viper.sqlite"] + limits)]
                port = servers[0].port
                proxy = nil
            case .postgres(let processes, let journals) where processes == 1:
                let journal = journals ? [] : ["--no-journal"]
                servers = [try ListeningServer(viper: setup.viper, arguments: ["--database", setup.databaseURL] + journal + limits)]
                port = servers[0].port
                proxy = nil
            case .postgres(let processes, let journals):
                let journal = journals ? [] : ["--no-journal"]
                let token = "viper-load-token-\(UUID().uuidString)"
                let tokenFile = folder + "/token"
                try Data(token.utf8).write(to: URL(fileURLWithPath: tokenFile))
                let started = try (0..<processes).map { _ in
                    try ListeningServer(viper: setup.viper, arguments: ["--database", setup.databaseURL, "--token-file", tokenFile] + journal + limits)
                }
                servers = started
                port = try Self.freePort()
                proxy = try Self.startNginx(setup.nginx, site: setup.site, folder: folder, port: port, upstreams: started.map(\.port), token: token)
            }
        }

        deinit {
            if let proxy, proxy.isRunning {
                proxy.terminate()
                proxy.waitUntilExit()
            }
            try? FileManager.default.removeItem(atPath: folder)
        }

        /// The processes' CPU time so far, in seconds.
        var cpuSeconds: Double { servers.reduce(0) { $0 + $1.cpuSeconds } }

        private static func startNginx(_ nginx: String, site: String, folder: String, port: UInt16, upstreams: [UInt16], token: String) throws -> Process {
            var text = try String(contentsOfFile: site, encoding: .utf8)
            text = text.replacingOccurrences(of: "listen 80;", with: "listen 127.0.0.1:\(port);")
            text = text.replacingOccurrences(of: "include /etc/nginx/viper-token.conf;", with: "proxy_set_header Authorization \"Bearer \(token)\";")
            let servers = text.split(separator: "\n").filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("server 127.0.0.1:") }
            text = text.replacingOccurrences(
                of: servers.joined(separator: "\n"), with: upstreams.map { "    server 127.0.0.1:\($0) max_fails=1 fail_timeout=10s;" }.joined(separator: "\n"))
            try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/viper.conf"))
            let user = getuid() == 0 ? "user root;\n" : ""
            let main = """
                \(user)daemon off;
                worker_processes 1;
                pid \(folder)/nginx.pid;
                error_log \(folder)/error.log warn;
                worker_rlimit_nofile 8192;
                events { worker_connections 4096; }
                http {
                    access_log off;
                    client_body_temp_path \(folder)/body;
                    proxy_temp_path \(folder)/proxy;
                    fastcgi_temp_path \(folder)/fastcgi;
                    uwsgi_temp_path \(folder)/uwsgi;
                    scgi_temp_path \(folder)/scgi;
                    include \(folder)/viper.conf;
                }
                """
            try Data(main.utf8).write(to: URL(fileURLWithPath: folder + "/nginx.conf"))
            let process = Process()
            process.executableURL = URL(fileURLWithPath: nginx)
            process.arguments = ["-p", folder, "-c", folder + "/nginx.conf", "-e", folder + "/error.log"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            for _ in 0..<500 {
                if (try? WebSocketConnection(port: port)) != nil { return process }
                usleep(10_000)
            }
            throw LoadError("nginx did not listen on \(port)")
        }

        private static func freePort() throws -> UInt16 {
            let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(socket) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0 }
            }
            guard bound else { throw LoadError("no free port") }
            return UInt16(bigEndian: address.sin_port)
        }
    }

    /// What one row measured.
    struct Figures {
        let perSecond: Double
        let serverCores: Double
        /// Every process of the machine (viper, PostgreSQL, nginx, this generator), in cores.
        let machineCores: Double
    }

    /// `sessions` sessions each saving ToDos one after the other (the add story, as fast as
    /// they are answered) for `seconds`: saves per second. Together they work in one new
    /// workspace, where every session's list hears every save; with `workspaceEach`, in one
    /// new workspace each, where nobody hears another.
    func saves(_ kind: Setup, sessions: Int, workspaceEach: Bool = false) throws -> Figures {
        let deployment = try Deployment(self, kind, sessions: sessions)
        let clients = try (0..<sessions).map { _ in try LoadClient(port: deployment.port) }
        let workspace = "load-\(UInt32.random(in: 0...UInt32.max))"
        let run = LoadRun(viper: viper, sessions: sessions, seconds: seconds, stories: .max, pause: .zero)
        for (index, client) in clients.enumerated() { try client.initialize(workspace: workspaceEach ? "\(workspace)-\(index)" : workspace) }
        try run.waitForAnswers(clients, until: .now + .seconds(60))
        // Each session's first step starts its app, which makes its workspace's tables: done
        // before the clock starts.
        for client in clients { try client.sendNextStep() }
        try run.waitForAnswers(clients, until: .now + .seconds(120))
        let cpu = deployment.cpuSeconds
        let machine = Self.machineCPUSeconds
        let start = ContinuousClock.now
        try run.play(clients, until: start + .milliseconds(Int(seconds * 1000)))
        try run.waitForAnswers(clients, until: .now + .seconds(60))
        let elapsed = Self.seconds(since: start)
        if let failed = clients.first(where: { $0.errors > 0 }) {
            throw LoadError("the engine answered \(clients.reduce(0) { $0 + $1.errors }) requests with an error, such as \(failed.lastError ?? "")")
        }
        let saves = clients.reduce(0) { $0 + $1.stories }
        return Figures(
            perSecond: Double(saves) / elapsed, serverCores: (deployment.cpuSeconds - cpu) / elapsed,
            machineCores: (Self.machineCPUSeconds - machine) / elapsed)
    }

    /// Busy CPU time of the whole machine so far (user, nice, system, interrupts), in seconds,
    /// from /proc/stat.
    static var machineCPUSeconds: Double {
        let stat = (try? String(contentsOfFile: "/proc/stat", encoding: .utf8)) ?? ""
        let fields = (stat.split(separator: "\n").first ?? "").split(separator: " ").dropFirst().compactMap { Double($0) }
        guard fields.count >= 7 else { return 0 }
        let busy = fields[0] + fields[1] + fields[2] + fields[5] + fields[6]
        return busy / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// `keystrokes` `titleChanged` events shared by `sessions` sessions typing at once.
    func keystrokes(_ kind: Setup, sessions: Int, keystrokes: Int, window: Int) throws -> Figures {
        let deployment = try Deployment(self, kind, sessions: sessions)
        let machine = Self.machineCPUSeconds
        let figures = try KeystrokeRun(viper: viper, keystrokes: keystrokes, window: window)
            .webSocket(sessions: sessions, port: deployment.port, servers: deployment.servers)
        return Figures(
            perSecond: figures.eventsPerSecond, serverCores: figures.serverCores,
            machineCores: (Self.machineCPUSeconds - machine) / figures.seconds)
    }

    private static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}
