/// Where `viper serve --listen` accepts connections: `PORT`, `HOST:PORT` or `[IPv6]:PORT`.
public struct ListenAddress: Sendable, Equatable, CustomStringConvertible {
    /// An IPv4 or IPv6 address, or `localhost`.
    public let host: String
    /// 0 lets the system pick one.
    public let port: UInt16

    /// The address `argument` names; a bare port means 127.0.0.1, so that nothing is reachable
    /// from another machine unless asked for.
    public init(_ argument: String) throws(ListenAddressError) {
        let hostPart: Substring
        let portPart: Substring
        if let colon = argument.lastIndex(of: ":") {
            hostPart = argument[..<colon]
            portPart = argument[argument.index(after: colon)...]
        } else {
            hostPart = "127.0.0.1"
            portPart = argument[...]
        }
        guard let port = UInt16(portPart) else {
            throw ListenAddressError(argument: argument, reason: "'\(portPart)' is not a port (0 to 65535; 0 lets the system pick one)")
        }
        var host = String(hostPart)
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty else {
            throw ListenAddressError(argument: argument, reason: "the host is missing; write 127.0.0.1:\(port), or the port alone")
        }
        self.host = host == "localhost" ? "127.0.0.1" : host
        self.port = port
    }

    package init(host: String, port: UInt16) {
        self.host = host
        self.port = port
    }

    /// Whether only this machine can connect: 127.0.0.0/8 or ::1.
    public var isLoopback: Bool {
        host.hasPrefix("127.") || host == "::1"
    }

    /// `HOST:PORT`, with brackets around an IPv6 host, as URLs write it.
    public var description: String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }
}

/// `--listen` named no address a server can listen on.
public struct ListenAddressError: Error, CustomStringConvertible {
    let argument: String
    let reason: String

    public var description: String {
        "cannot listen on '\(argument)': \(reason). Examples: --listen 8080, --listen 127.0.0.1:8080, --listen [::1]:8080"
    }
}
