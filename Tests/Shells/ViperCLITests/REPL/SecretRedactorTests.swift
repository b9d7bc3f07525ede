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

    @Test(
        "No line that may carry a secret is kept, refused or not, typed as a command or raw",
        arguments: [
            "passwordChanged password=hunter2", "passwordChanged hunter2", "accounts.login#1 passwordChanged hunter2",
            "passwordChanged hunter2 &", "pasword=hunter2 passwordChanged", "todo.list#1 passwordChanged password=hunter2",
            #"raw {"jsonrpc":"2.0","id":9,"method":"view.event","params":{"scene":"accounts.login#1","event":"passwordChanged","data":{"password":"hunter2"}}}"#,
            #"{"jsonrpc":"2.0","id":9,"method":"view.event","params":{"scene":"accounts.login#9","event":"passwordChanged","data":{"password":"hunter2"}}}"#,
            #"raw {"params":{"data":{"pass\u0077ord":"hunter2"}}}"#,
        ])
    func linesThatMayCarryASecret(line: String) {
        #expect(SecretRedactor.mayCarrySecret(line, catalog: catalog))
    }

    @Test("Lines that carry none are kept, the secret event alone too", arguments: [
        "usernameChanged username=ada", "passwordChanged", "start accounts", "help passwordChanged", #"raw {"method":"engine.state"}"#,
    ])
    func linesWithoutSecrets(line: String) {
        #expect(!SecretRedactor.mayCarrySecret(line, catalog: catalog))
    }
}
