import Foundation

/// Where a PostgreSQL database is, read from a URL as libpq reads it:
/// `postgresql://USER[:PASSWORD]@HOST[:PORT]/DB[?sslmode=MODE]` (or `postgres://`), with
/// percent-encoded parts. Its `description` never shows the password.
public struct PostgresLocation: Sendable, Equatable, CustomStringConvertible {
    /// How the connection is encrypted, as libpq's `sslmode` says.
    public enum TLSMode: String, Sendable, CaseIterable {
        /// No TLS.
        case disable
        /// TLS when the server offers it, without checking its certificate (libpq's `allow`
        /// and `prefer`, the default).
        case prefer
        /// TLS, without checking the certificate.
        case require
        /// TLS with a certificate signed by a trusted authority, for any host name.
        case verifyCA = "verify-ca"
        /// TLS with a trusted certificate for the host's name.
        case verifyFull = "verify-full"
    }

    /// The server's name or address.
    public let host: String
    /// The server's port, 5432 unless the URL says.
    public let port: Int
    /// Who viper connects as.
    public let user: String
    /// The password, never shown: not in `description`, not in any error.
    public private(set) var password: String?
    /// The database's name on the server.
    public let database: String
    /// How the connection is encrypted (`sslmode`, `prefer` unless the URL says).
    public let tls: TLSMode

    /// The location `text` names, or why it names none, in words that never show the password.
    public init(url text: String) throws(PostgresLocationError) {
        // A password holding `/`, `?` or `#` unencoded ends the URL's user part early: what
        // follows would be read as the host and shown in errors. An `@` after that end tells.
        if let start = text.range(of: "://")?.upperBound {
            let rest = text[start...]
            let authorityEnd = rest.firstIndex { "/?#".contains($0) } ?? rest.endIndex
            if rest[authorityEnd...].contains("@") {
                throw PostgresLocationError(
                    "has a user or password with a character that must be percent-encoded: @ as %40, / as %2F, ? as %3F, # as %23 (the URL is not shown: it holds the password)")
            }
        }
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased() else {
            throw PostgresLocationError("is not a URL; write postgresql://USER:PASSWORD@HOST:PORT/DATABASE")
        }
        guard scheme == "postgresql" || scheme == "postgres" else {
            throw PostgresLocationError("starts with \(scheme)://; a PostgreSQL URL starts with postgresql://")
        }
        guard let host = components.percentEncodedHost.flatMap({ $0.removingPercentEncoding }), !host.isEmpty else {
            throw PostgresLocationError("names no host; write postgresql://USER@HOST/DATABASE")
        }
        guard let user = components.percentEncodedUser.flatMap({ $0.removingPercentEncoding }), !user.isEmpty else {
            throw PostgresLocationError("names no user; write postgresql://USER@\(host)/DATABASE")
        }
        let database = String(components.path.drop { $0 == "/" })
        guard !database.isEmpty, !database.contains("/") else {
            throw PostgresLocationError("names no database; write postgresql://\(user)@\(host)/DATABASE")
        }
        var tls = TLSMode.prefer
        for item in components.queryItems ?? [] {
            switch item.name {
            case "sslmode":
                let value = item.value ?? ""
                if value == "allow" {
                    tls = .prefer
                } else if let mode = TLSMode(rawValue: value) {
                    tls = mode
                } else {
                    throw PostgresLocationError("has sslmode=\(value); use disable, allow, prefer, require, verify-ca or verify-full")
                }
            default:
                throw PostgresLocationError("has the parameter \(item.name), which viper does not read; only sslmode is")
            }
        }
        self.host = host
        port = components.port ?? 5432
        self.user = user
        password = components.percentEncodedPassword.flatMap { $0.removingPercentEncoding }
        self.database = database
        self.tls = tls
    }

    /// This location with `password` instead of the URL's.
    public func with(password: String?) -> PostgresLocation {
        var copy = self
        copy.password = password
        return copy
    }

    /// `postgresql://USER@HOST:PORT/DB`, without the password.
    public var description: String {
        "postgresql://\(user)@\(host.contains(":") ? "[\(host)]" : host):\(port)/\(database)"
    }

    /// `HOST:PORT`, for errors about reaching the server.
    public var server: String {
        "\(host.contains(":") ? "[\(host)]" : host):\(port)"
    }
}
