import Testing

@testable import ViperCommandLine

@Suite("Secrets stay out of what the REPL writes to disk")
struct SecretRedactorTests {
    private let catalog = SceneCatalog(apps: ["accounts"], events: [
        "accounts.login": [
            .init(name: "usernameChanged", fields: [.init(name: "username", type: "string", isNullable: false)]),
            .init(name: "passwordChanged", fields: [.init(name: "password", type: "secret", isNullable: false)]),
        ]
    ])

    private func event(_ name: String, _ data: String) -> String {
        #"{"id":3,"jsonrpc":"2.0","method":"view.event","params":{"data":\#(data),"event":"\#(name)","scene":"accounts.login#1"}}"#
    }

    @Test("A secret field gets a stand-in of its length; other fields and lines are kept")
    func standIn() {
        var redactor = SecretRedactor()
        let redacted = redactor.redacted(event("passwordChanged", #"{"password":"correct horse"}"#), catalog: catalog)
        #expect(redacted == event("passwordChanged", #"{"password":"1secret******"}"#))
        let username = event("usernameChanged", #"{"username":"correct horse"}"#)
        #expect(redactor.redacted(username, catalog: catalog) == username)
        #expect(redactor.redacted("not json", catalog: catalog) == "not json")
    }

    @Test("The same secret gets the same stand-in, another secret another one, even of the same length")
    func distinct() {
        var redactor = SecretRedactor()
        let first = redactor.redacted(event("passwordChanged", #"{"password":"aaaaaaaaaa"}"#), catalog: catalog)
        let again = redactor.redacted(event("passwordChanged", #"{"password":"aaaaaaaaaa"}"#), catalog: catalog)
        let other = redactor.redacted(event("passwordChanged", #"{"password":"bbbbbbbbbb"}"#), catalog: catalog)
        #expect(first == again)
        #expect(first != other)
        #expect(!other.contains("bbbb"))
    }

    @Test("A recording with scripted HTTP keeps a secret met in an event out of the bodies of the requests that send it")
    func effectBodies() {
        var redactor = SecretRedactor()
        _ = redactor.redactedEverywhere(event("passwordChanged", #"{"password":"se\"cret pass"}"#), catalog: catalog)
        let effect = #"{"id":"viper:1","jsonrpc":"2.0","method":"effect.http","params":{"body":"{\"password\":\"se\\\"cret pass\",\"username\":\"ada\"}","headers":{},"method":"POST","url":"http://x.test/v1/sessions"}}"#
        let redacted = redactor.redactedEverywhere(effect, catalog: catalog)
        #expect(redacted == #"{"id":"viper:1","jsonrpc":"2.0","method":"effect.http","params":{"body":"{\"password\":\"1secret*****\",\"username\":\"ada\"}","headers":{},"method":"POST","url":"http://x.test/v1/sessions"}}"#)
        // Lines that are not requests to perform HTTP are kept as they are.
        let render = #"{"jsonrpc":"2.0","method":"view.render","params":{"viewModel":{"note":"se\"cret pass"}}}"#
        #expect(redactor.redactedEverywhere(render, catalog: catalog) == render)
    }
}
