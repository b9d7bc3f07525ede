import Foundation
import LoopbackPort
import PostgresTestServer
import Testing
import WebSocketTestClient

/// viper as docs/deploy.md deploys it, on this machine: a database of the tests' PostgreSQL
/// server, `viper serve --listen` processes on it with a token, and nginx in front of them with
/// `deploy/nginx-viper.conf` (its ports, token file and listening address made the test's).
final class Cluster {
    /// The database's URL, its password included.
    let databaseURL: String
    /// The viper processes, in the order of `ports`.
    private(set) var processes: [ServeProcess] = []
    /// Where each process listens on 127.0.0.1.
    private(set) var ports: [UInt16] = []
    /// Where nginx listens on 127.0.0.1.
    let port: UInt16
    private let folder: TemporaryDirectory
    private let nginx: Process
    private let token = "cluster-test-token-0123456789"

    /// What every process is started with besides `--listen`.
    private let arguments: [String]
    /// The processes `kill(processOn:)` killed, by index.
    private var stopped: Set<Int> = []

    /// Starts `processes` viper processes on a new database, each with `options` too, and nginx
    /// in front of them. With `retryingEveryConnection`, nginx never leaves a process out after
    /// it refused a connection (`max_fails=0`): a test that kills and restarts processes faster
    /// than the deployment's 10 seconds would otherwise find every process left out.
    init(processes count: Int = 2, options: [String] = [], retryingEveryConnection: Bool = false) throws {
        databaseURL = try PostgresTestServer.shared().makeDatabase()
        folder = try TemporaryDirectory()
        try Data((token + "\n").utf8).write(to: URL(fileURLWithPath: folder.path + "/token"))
        arguments = ["--database", databaseURL, "--token-file", folder.path + "/token"] + options
        for _ in 0..<count {
            let (process, port) = try ServeProcess.listening(arguments)
            processes.append(process)
            ports.append(port)
        }
        port = try LoopbackPort.free()
        try Self.configure(folder: folder.path, port: port, upstreams: ports, token: token, retryingEveryConnection: retryingEveryConnection)
        nginx = Process()
        nginx.executableURL = URL(fileURLWithPath: try Self.nginxPath())
        nginx.arguments = ["-p", folder.path, "-c", folder.path + "/nginx.conf", "-e", folder.path + "/error.log"]
        nginx.standardInput = FileHandle.nullDevice
        nginx.standardOutput = FileHandle.nullDevice
        nginx.standardError = FileHandle.nullDevice
        try nginx.run()
        try waitUntilNginxListens()
    }

    deinit {
        if nginx.isRunning {
            nginx.terminate()
            nginx.waitUntilExit()
        }
        folder.remove()
    }

    /// A WebSocket session through nginx, and the port of the viper process serving it.
    func connect() throws -> (client: WebSocketTestClient, servedBy: UInt16) {
        let client = try WebSocketTestClient(port: port)
        // nginx lists every process it tried, the one that served last: `127.0.0.1:8081, 127.0.0.1:8082`.
        guard let upstream = client.head.firstMatch(of: /X-Viper-Upstream: (?:127\.0\.0\.1:\d+, )*127\.0\.0\.1:(\d+)/), let served = UInt16(upstream.1) else {
            throw ClusterFailure("nginx named no upstream: \(client.head)")
        }
        return (client, served)
    }

    /// Kills the process listening on `port` with SIGKILL, as a crash or a lost machine would,
    /// and waits until it is gone.
    func kill(processOn port: UInt16) throws {
        guard let index = ports.firstIndex(of: port) else { throw ClusterFailure("no process of the cluster listens on \(port)") }
        processes[index].kill(SIGKILL)
        _ = try processes[index].waitForExit()
        stopped.insert(index)
    }

    /// Starts again, on their own ports, the processes that are not running.
    func restartStopped() throws {
        for index in stopped.sorted() {
            processes[index] = try ServeProcess.listening(on: ports[index], arguments)
            stopped.remove(index)
        }
    }

    /// What nginx logged, for failure messages.
    var nginxLog: String {
        (try? String(contentsOfFile: folder.path + "/error.log", encoding: .utf8)) ?? ""
    }

    /// The deployment's own nginx file, with the test's ports, token and paths, inside a main
    /// configuration that keeps nginx's files in `folder` and lets thousands of connections in.
    private static func configure(folder: String, port: UInt16, upstreams: [UInt16], token: String, retryingEveryConnection: Bool) throws {
        let deployed = try String(contentsOfFile: ViperBinary.repositoryRoot + "/deploy/nginx-viper.conf", encoding: .utf8)
        var site = deployed.replacingOccurrences(of: "listen 80;", with: "listen 127.0.0.1:\(port);")
        site = site.replacingOccurrences(of: "include /etc/nginx/viper-token.conf;", with: "include \(folder)/viper-token.conf;")
        let servers = deployed.split(separator: "\n").filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("server 127.0.0.1:") }
        guard let first = servers.first else { throw ClusterFailure("deploy/nginx-viper.conf lists no server") }
        var options = first.split(separator: " ", omittingEmptySubsequences: true).dropFirst(2).joined(separator: " ")
        if retryingEveryConnection { options = options.replacingOccurrences(of: "max_fails=1", with: "max_fails=0") }
        let ours = upstreams.map { "    server 127.0.0.1:\($0) \(options)" }.joined(separator: "\n")
        site = site.replacingOccurrences(of: servers.joined(separator: "\n"), with: ours)
        try Data(site.utf8).write(to: URL(fileURLWithPath: folder + "/viper.conf"))
        try Data("proxy_set_header Authorization \"Bearer \(token)\";\n".utf8).write(to: URL(fileURLWithPath: folder + "/viper-token.conf"))
        let user = getuid() == 0 ? "user root;\n" : ""
        let main = """
            \(user)daemon off;
            master_process on;
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
    }

    private static func nginxPath() throws -> String {
        for candidate in ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/bin/nginx"] where FileManager.default.isExecutableFile(atPath: candidate) {
            return candidate
        }
        throw ClusterFailure("nginx is not installed: sudo apt-get install nginx")
    }

    private func waitUntilNginxListens() throws {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if (try? TCPTestConnection(port: port)) != nil { return }
            guard nginx.isRunning else { throw ClusterFailure("nginx exited: \(nginxLog)") }
            usleep(20_000)
        }
        throw ClusterFailure("nginx did not listen within 10 s: \(nginxLog)")
    }
}

/// The cluster could not be set up.
struct ClusterFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
