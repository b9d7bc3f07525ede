import Foundation
import NIOCore
import NIOPosix
import PostgresNIO
import ViperStore

extension StoreError {
    /// `error`, which PostgresNIO or the network threw while talking to the server at
    /// `location`, in a user's words: the server's own message when it refused something
    /// ("duplicate key value violates unique constraint …", "password authentication failed for
    /// user …"), else that the server cannot be reached. Never the password: PostgresNIO's
    /// errors are not printed as they are, only the parts read here.
    static func postgres(_ error: any Error, at location: PostgresLocation) -> StoreError {
        if let error = error as? StoreError { return error }
        guard let error = error as? PSQLError else {
            return .unavailable("the database server at \(location.server) cannot be reached: \(reason(error))")
        }
        if let message = error.serverInfo?[.message] {
            let state = error.serverInfo?[.sqlState] ?? ""
            // Class 08: connection exceptions; 57P01-57P03: the server shutting down or starting.
            if state.hasPrefix("08") || state.hasPrefix("57P") {
                return .unavailable("the database server at \(location.server) is not available: \(message)")
            }
            return .server(message)
        }
        switch error.code {
        case .connectionError, .serverClosedConnection, .clientClosedConnection, .uncleanShutdown, .poolClosed:
            let why = error.underlying.map { ": \(reason($0))" } ?? ""
            return .unavailable("the database server at \(location.server) cannot be reached\(why)")
        case .sslUnsupported:
            return .unavailable("the database server at \(location.server) does not speak TLS; use sslmode=disable or prefer")
        case .authMechanismRequiresPassword:
            return .server("the database server at \(location.server) asks for a password, and the URL gives none")
        case .queryCancelled:
            return .unavailable("the database server at \(location.server) cancelled the statement")
        default:
            return .unavailable("the database server at \(location.server) failed (\(error.code))")
        }
    }

    /// Why the network failed, in a few words: the system's reason for a socket's error
    /// ("connection refused"), not NIO's account of every address it tried.
    private static func reason(_ error: any Error) -> String {
        if let error = error as? NIOConnectionError {
            guard let first = error.connectionErrors.first else { return "no address of the host answered" }
            return reason(first.error)
        }
        if let error = error as? IOError {
            return String(cString: strerror(error.errnoCode)).lowercased()
        }
        if let error = error as? ChannelError, case .connectTimeout(let limit) = error {
            return "no answer within \(limit.nanoseconds / 1_000_000_000) s"
        }
        return "\(error)"
    }
}
