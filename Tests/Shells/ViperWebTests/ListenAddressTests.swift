import Testing
import ViperWeb

@Suite("--listen addresses")
struct ListenAddressTests {
    @Test("a port alone listens on 127.0.0.1")
    func portAlone() throws {
        let address = try ListenAddress("8080")
        #expect(address == ListenAddress(host: "127.0.0.1", port: 8080))
        #expect(address.isLoopback)
    }

    @Test("host and port, IPv6 in brackets, localhost as 127.0.0.1")
    func hostAndPort() throws {
        #expect(try ListenAddress("0.0.0.0:80").description == "0.0.0.0:80")
        #expect(try !ListenAddress("0.0.0.0:80").isLoopback)
        #expect(try ListenAddress("[::1]:9").host == "::1")
        #expect(try ListenAddress("[::1]:9").isLoopback)
        #expect(try ListenAddress("[::1]:9").description == "[::1]:9")
        #expect(try ListenAddress("localhost:0") == ListenAddress(host: "127.0.0.1", port: 0))
        #expect(try ListenAddress("192.168.1.4:0").isLoopback == false)
    }

    @Test("what is not an address says what was wrong and shows examples", arguments: [
        ("abc", "'abc' is not a port"), (":80", "the host is missing"), ("127.0.0.1:70000", "'70000' is not a port"), ("", "'' is not a port"),
    ])
    func refused(argument: String, reason: String) {
        #expect {
            try ListenAddress(argument)
        } throws: { error in
            let description = "\(error)"
            return description.contains(reason) && description.contains("Examples: --listen 8080")
        }
    }
}
