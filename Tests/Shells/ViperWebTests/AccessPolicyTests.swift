import NIOHTTP1
import Testing

@testable import ViperWeb

@Suite("Who may open a session")
struct AccessPolicyTests {
    @Test("loopback names: an IPv4 literal in 127.0.0.0/8, localhost, [::1], with or without a port", arguments: [
        "127.0.0.1", "127.0.0.1:8080", "127.255.3.9:1", "localhost", "LOCALHOST:80", "[::1]", "[::1]:8080",
    ])
    func loopback(host: String) {
        #expect(AccessPolicy.isLoopbackHost(host))
    }

    @Test("anything else is a name like any other, however it begins (DNS rebinding)", arguments: [
        "127.attacker.example", "127.0.0.1.attacker.example", "127.0.0.1:8080@evil", "127.0.0.256", "127.1", "127.0.0.01x",
        "localhost.attacker.example", "[::1].evil", "[::2]:80", "evil.example", "", "127.0.0.1:", "127.0.0.1:http", "128.0.0.1", "0x7f.0.0.1",
    ])
    func notLoopback(host: String) {
        #expect(!AccessPolicy.isLoopbackHost(host))
    }

    @Test("without a token, a Host that is not loopback is refused 403; the page's own origin is let in")
    func refusals() {
        let policy = AccessPolicy(token: nil, allowedOrigins: [])
        let rebound = HTTPRequestHead(version: .http1_1, method: .GET, uri: "/session", headers: ["Host": "127.attacker.example:8080"])
        #expect(policy.refusal(of: rebound)?.status == .forbidden)
        let own = HTTPRequestHead(version: .http1_1, method: .GET, uri: "/session", headers: ["Host": "127.0.0.1:8080", "Origin": "http://127.0.0.1:8080"])
        #expect(policy.refusal(of: own) == nil)
    }
}
