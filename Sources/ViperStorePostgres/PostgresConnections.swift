import Foundation
import Logging
import NIOCore
import NIOPosix
import NIOSSL
import PostgresNIO
import ViperStore

/// The connections a process keeps to its PostgreSQL server, at most `limit`, each lent to one
/// transaction at a time, on the event loops the server's own sockets use.
///
/// A pool of its own rather than PostgresNIO's: when the server cannot be reached, PostgresNIO's
/// pool keeps a lease waiting while it retries, for up to a minute, and a user's save would hang
/// as long. Here a lease that needs a new connection tries once, within `connectTimeout`, and
/// fails with the reason (refused, unreachable, a wrong password), which the app shows; the
/// next lease tries again, so the engine carries on as soon as the server is back.
actor PostgresConnections {
    private struct Idle {
        let connection: PostgresConnection
        /// The `search_path` the connection has, the schema of the workspace it last served.
        let schema: String
    }

    private let location: PostgresLocation
    private let configuration: PostgresConnection.Configuration
    private let limit: Int
    private let logger: Logger
    private var idle: [Idle] = []
    private var open = 0
    private var nextID = 1
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private var isClosed = false

    init(location: PostgresLocation, limit: Int, connectTimeout: Duration, logger: Logger) throws(StoreError) {
        self.location = location
        self.configuration = try Self.configuration(for: location, connectTimeout: connectTimeout)
        self.limit = limit
        self.logger = logger
    }

    /// Runs `body` on a connection whose `search_path` is `schema`, then takes the connection
    /// back, unless it broke meanwhile. The body runs where its caller does, not on this actor.
    nonisolated func withConnection<Value: Sendable>(
        schema: String, _ body: (PostgresConnection) async throws -> Value
    ) async throws -> Value {
        let connection = try await lease(schema: schema)
        do {
            let value = try await body(connection)
            await giveBack(connection, schema: schema)
            return value
        } catch {
            await giveBack(connection, schema: schema)
            throw error
        }
    }

    /// A new connection outside the pool, for `LISTEN`, which holds its connection for good.
    func connectAlone() async throws(StoreError) -> PostgresConnection {
        try await connect(schema: nil)
    }

    /// Closes every idle connection, and each lent one as it comes back.
    func close() async {
        isClosed = true
        let closing = idle
        idle = []
        for waiter in waiting { waiter.resume() }
        waiting = []
        for entry in closing { try? await entry.connection.close() }
    }

    private func lease(schema: String) async throws -> PostgresConnection {
        while true {
            if isClosed { throw StoreError.misuse("the database \(location) is closed") }
            if let index = idle.lastIndex(where: { $0.schema == schema }) ?? idle.indices.last {
                let entry = idle.remove(at: index)
                if entry.connection.isClosed {
                    open -= 1
                    continue
                }
                if entry.schema != schema {
                    do {
                        let rows = try await entry.connection.query(
                            PostgresQuery(unsafeSQL: "SELECT set_config('search_path', $1, false)", binds: Self.binds([.text(Self.quoted(schema))])),
                            logger: logger)
                        // Read to its end: the connection takes its next statement only then.
                        for try await _ in rows {}
                    } catch {
                        open -= 1
                        wakeOne()
                        try? await entry.connection.close()
                        continue
                    }
                }
                return entry.connection
            }
            if open < limit {
                open += 1
                do {
                    return try await connect(schema: schema)
                } catch {
                    open -= 1
                    wakeOne()
                    throw error
                }
            }
            await withCheckedContinuation { waiting.append($0) }
        }
    }

    private func giveBack(_ connection: PostgresConnection, schema: String) {
        if connection.isClosed || isClosed {
            open -= 1
            if isClosed { Task { try? await connection.close() } }
        } else {
            idle.append(Idle(connection: connection, schema: schema))
        }
        wakeOne()
    }

    private func wakeOne() {
        if !waiting.isEmpty { waiting.removeFirst().resume() }
    }

    private func connect(schema: String?) async throws(StoreError) -> PostgresConnection {
        var configuration = configuration
        // The workspace's schema from the first statement, without a round trip to set it.
        if let schema { configuration.options.additionalStartupParameters.append(("search_path", Self.quoted(schema))) }
        let id = nextID
        nextID += 1
        do {
            return try await PostgresConnection.connect(
                on: MultiThreadedEventLoopGroup.singleton.any(), configuration: configuration, id: id, logger: logger)
        } catch {
            throw StoreError.postgres(error, at: location)
        }
    }

    /// `name` as an identifier, quoted, for `search_path`.
    static func quoted(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// `values` as PostgreSQL's bind parameters.
    static func binds(_ values: [StoreValue]) -> PostgresBindings {
        var bindings = PostgresBindings(capacity: values.count)
        for value in values {
            switch value {
            case .null: bindings.appendNull()
            case .integer(let number): bindings.append(number)
            case .real(let number): bindings.append(number)
            case .text(let text): bindings.append(text)
            case .bytes(let bytes): bindings.append(ByteBuffer(bytes: bytes))
            }
        }
        return bindings
    }

    private static func configuration(for location: PostgresLocation, connectTimeout: Duration) throws(StoreError) -> PostgresConnection.Configuration {
        let tls: PostgresConnection.Configuration.TLS
        do {
            switch location.tls {
            case .disable:
                tls = .disable
            case .prefer, .require:
                // libpq's prefer and require encrypt without checking the certificate.
                var settings = TLSConfiguration.makeClientConfiguration()
                settings.certificateVerification = .none
                let context = try NIOSSLContext(configuration: settings)
                tls = location.tls == .prefer ? .prefer(context) : .require(context)
            case .verifyCA, .verifyFull:
                var settings = TLSConfiguration.makeClientConfiguration()
                settings.certificateVerification = location.tls == .verifyCA ? .noHostnameVerification : .fullVerification
                tls = .require(try NIOSSLContext(configuration: settings))
            }
        } catch {
            throw StoreError.unavailable("TLS to \(location.server) cannot be set up: \(error)")
        }
        var configuration = PostgresConnection.Configuration(
            host: location.host, port: location.port, username: location.user, password: location.password, database: location.database, tls: tls)
        configuration.options.connectTimeout = .nanoseconds(Int64(connectTimeout.components.seconds) * 1_000_000_000 + connectTimeout.components.attoseconds / 1_000_000_000)
        return configuration
    }
}
