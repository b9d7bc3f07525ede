import Foundation
import Testing
import WebSocketTestClient

/// The Accounts stories (protocol.md section 13), over the wire: the built `viper serve`
/// talking to a `viper sample-server` on 127.0.0.1.
@Suite("Accounts over the wire, against a sample server", .serialized)
struct AccountsStoriesTests {
    static let password = "planted-Pa55word!"
    static let prompt = "accounts.prompt#1"

    @Test("Sign up, log out, fail to log in, log in, restart still signed in, then offline from the cache")
    func signUpToRestart() async throws {
        try await onOwnThread {
            let server = try SampleServerProcess()
            defer { _ = try? server.stop() }
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let database = directory.path + "/viper.sqlite"

            let engine = try ServeProcess(serving: ["--db", database, "--api-url", server.url])
            #expect(try engine.startAccounts() == Self.prompt)
            let (signup, signedUp) = try engine.signUp("Ada", password: Self.password, from: Self.prompt)
            let home = Wire.home(username: "ada", displayName: "Ada Lovelace", memberSince: "2026-11-23")
            expectSameLines(signedUp, [
                Wire.render(signup, #"{"displayName":"Ada Lovelace","errorMessage":null,"isWorking":true,"problems":[],"signUpEnabled":false,"username":"ada"}"#),
                Wire.navigate("root", "accounts.home#1", from: signup),
                Wire.render("accounts.home#1", home),
                Wire.result(14, "{}"),
            ])

            let loggedOut = try engine.call(Wire.event(30, "accounts.home#1", "logOutTapped"))
            expectSameLines(loggedOut, [
                Wire.navigate("root", "accounts.prompt#2", from: "accounts.home#1"),
                Wire.render("accounts.prompt#2", #"{"title":"Log in or sign up to continue"}"#),
                Wire.result(30, "{}"),
            ])

            let (login, refused) = try engine.logIn("ada", password: "not the password", from: "accounts.prompt#2", firstID: 40)
            expectSameLines(refused, [
                Wire.render(login, Wire.login(username: "ada", logInEnabled: false, isWorking: true)),
                Wire.render(login, Wire.login(username: "ada", logInEnabled: true, errorMessage: "The username or the password is wrong.")),
                Wire.result(43, "{}"),
            ])
            _ = try engine.call(Wire.event(44, login, "passwordChanged", #"{"password":\#(Wire.string(Self.password))}"#))
            let loggedIn = try engine.call(Wire.event(45, login, "logInTapped"))
            expectSameLines(Array(loggedIn.dropFirst()), [
                Wire.navigate("root", "accounts.home#2", from: login),
                Wire.render("accounts.home#2", home),
                Wire.result(45, "{}"),
            ])
            #expect(try engine.finish().status == 0)

            // A new engine on the same file is still signed in: the home comes first.
            let restarted = try ServeProcess(serving: ["--db", database, "--api-url", server.url])
            #expect(try restarted.startAccounts() == "accounts.home#1")
            #expect(try restarted.finish().status == 0)

            // With the server out of reach, the home shows the cached user, marked offline.
            let offline = try ServeProcess(serving: ["--db", database, "--api-url", SampleServerProcess.unreachableURL])
            _ = try offline.call(Wire.initialize(1, now: "2026-11-23T09:00:00Z"))
            let started = try offline.call(Wire.request(2, "app.start", #"{"app":"accounts"}"#))
            expectSameLines(started, [
                Wire.navigate("root", "accounts.home#1"),
                Wire.render("accounts.home#1", home),
                Wire.render("accounts.home#1", Wire.home(username: "ada", displayName: "Ada Lovelace", memberSince: "2026-11-23", isOffline: true)),
                Wire.result(2, #"{"scene":"accounts.home#1"}"#),
            ])
            #expect(try offline.finish().status == 0)
        }
    }

    @Test("An unknown user reads as a wrong password; five failures lock the name out")
    func lockout() async throws {
        try await onOwnThread {
            let server = try SampleServerProcess()
            defer { _ = try? server.stop() }
            let engine = try ServeProcess(serving: ["--db", ":memory:", "--api-url", server.url])
            try engine.startAccounts()
            let (login, unknown) = try engine.logIn("nobody", password: "whatever it is", from: Self.prompt)
            #expect(unknown.contains(Wire.render(login, Wire.login(username: "nobody", logInEnabled: true, errorMessage: "The username or the password is wrong."))))
            for id in 30..<34 { _ = try engine.call(Wire.event(id, login, "logInTapped")) }
            let locked = try engine.call(Wire.event(34, login, "logInTapped"))
            #expect(locked.contains(Wire.render(login, Wire.login(
                username: "nobody", logInEnabled: true, errorMessage: "Too many failed attempts. Try again in 15 minutes."))))
            #expect(try engine.finish().status == 0)
        }
    }

    @Test("A taken username shows a message and keeps the form")
    func takenName() async throws {
        try await onOwnThread {
            let server = try SampleServerProcess()
            defer { _ = try? server.stop() }
            let first = try ServeProcess(serving: ["--db", ":memory:", "--api-url", server.url])
            try first.startAccounts()
            _ = try first.signUp("ada", password: Self.password, from: Self.prompt)
            #expect(try first.finish().status == 0)

            let second = try ServeProcess(serving: ["--db", ":memory:", "--api-url", server.url])
            try second.startAccounts()
            let (signup, taken) = try second.signUp("ada", displayName: "Another Ada", password: "another password", from: Self.prompt)
            #expect(taken.contains(Wire.render(signup, #"{"displayName":"Another Ada","errorMessage":"That username is taken; choose another.","isWorking":false,"problems":[],"signUpEnabled":true,"username":"ada"}"#)))
            #expect(try second.finish().status == 0)
        }
    }

    @Test("An unreachable server is a message on the form, and nothing changes")
    func unreachable() async throws {
        try await onOwnThread {
            let engine = try ServeProcess(serving: ["--db", ":memory:", "--api-url", SampleServerProcess.unreachableURL])
            try engine.startAccounts()
            let (login, lines) = try engine.logIn("ada", password: Self.password, from: Self.prompt)
            let failed = try #require(lines.dropLast().last.flatMap { try? JSONSerialization.jsonObject(with: WireJSON.viewModelData(ofRender: $0)) as? [String: Any] })
            let message = try #require(failed["errorMessage"] as? String)
            #expect(message.contains("could not be reached") && message.contains("nothing was changed"))
            #expect(lines.last == Wire.result(23, "{}"))
            let state = try engine.call(Wire.request(50, "engine.state"))
            #expect(state.last?.contains(#""scene":"\#(login)""#) == true, "the form stays")
            #expect(try engine.finish().status == 0)
        }
    }

    @Test(
        "A server that answers a web page, or closes the connection without a word, is a message on the form",
        arguments: [CannedServer.htmlError, ""])
    func brokenServer(response: String) async throws {
        try await onOwnThread {
            let server = try CannedServer(response: response)
            defer { server.stop() }
            let engine = try ServeProcess(serving: ["--db", ":memory:", "--api-url", server.url])
            try engine.startAccounts()
            let (login, lines) = try engine.logIn("ada", password: Self.password, from: Self.prompt)
            let failed = try #require(lines.dropLast().last.flatMap { try? JSONSerialization.jsonObject(with: WireJSON.viewModelData(ofRender: $0)) as? [String: Any] })
            let message = try #require(failed["errorMessage"] as? String, "\(lines)")
            #expect(message.contains("nothing was changed"), "\(message)")
            #expect(failed["username"] as? String == "ada")
            #expect(lines.last == Wire.result(23, "{}"))
            #expect(lines.first?.contains(login) == true)
            #expect(try engine.finish().status == 0)
        }
    }

    @Test("An injected fault is a business failure that names it, not a protocol error")
    func injectedFault() async throws {
        try await onOwnThread {
            let server = try SampleServerProcess()
            defer { _ = try? server.stop() }
            let engine = try ServeProcess(serving: ["--db", ":memory:", "--api-url", server.url, "--enable-fault-injection"])
            try engine.startAccounts()
            _ = try engine.call(Wire.request(5, "debug.injectFault", #"{"operation":"accounts.logIn","message":"the cable is cut"}"#))
            let (_, lines) = try engine.logIn("ada", password: Self.password, from: Self.prompt)
            #expect(lines.contains { $0.contains("the cable is cut") && $0.contains("view.render") })
            #expect(try engine.finish().status == 0)
        }
    }

    @Test("A password of the wrong type is -32602 on its field")
    func wrongType() async throws {
        try await onOwnThread {
            let engine = try ServeProcess(serving: ["--db", ":memory:", "--api-url", SampleServerProcess.unreachableURL])
            try engine.startAccounts()
            let opened = try engine.call(Wire.event(3, Self.prompt, "logInTapped"))
            let login = try #require(opened.first.flatMap(WireJSON.scene(of:)))
            let lines = try engine.call(Wire.event(4, login, "passwordChanged", #"{"password":12345}"#))
            #expect(lines.count == 1)
            #expect(lines[0].contains(#""code":-32602"#) && lines[0].contains("params.data.password"))
            #expect(!lines[0].contains("12345"))
            #expect(try engine.finish().status == 0)
        }
    }

    @Test("The password is in no output line, no log line and no byte of the database")
    func passwordNowhere() async throws {
        try await onOwnThread {
            let server = try SampleServerProcess()
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let database = directory.path + "/viper.sqlite"
            let engine = try ServeProcess(serving: ["--db", database, "--api-url", server.url, "--log-level", "trace"])
            try engine.startAccounts()
            let (_, signedUp) = try engine.signUp("ada", password: Self.password, from: Self.prompt)
            _ = try engine.call(Wire.event(30, "accounts.home#1", "logOutTapped"))
            let (_, loggedIn) = try engine.logIn("ada", password: Self.password, from: "accounts.prompt#2", firstID: 40)
            _ = try engine.call(Wire.request(50, "engine.state"))
            _ = try engine.call(Wire.request(51, "engine.describe"))
            // Still running, so the write-ahead log holds the latest writes: it is read too.
            let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            var bytes = files.compactMap { FileManager.default.contents(atPath: directory.path + "/" + $0) }
            let exit = try engine.finish()
            bytes += files.compactMap { FileManager.default.contents(atPath: directory.path + "/" + $0) }
            let serverOutput = try server.stop()
            let planted = Data(Self.password.utf8)
            #expect(!(signedUp + loggedIn).joined().contains(Self.password))
            #expect(!exit.standardError.contains(Self.password))
            #expect(!exit.remainingLines.joined().contains(Self.password))
            #expect(!serverOutput.contains(Self.password))
            #expect(!bytes.isEmpty && bytes.allSatisfy { $0.range(of: planted) == nil })
            #expect(exit.standardError.contains("request"), "trace logging was on, so the test looked at real log lines")
        }
    }
}
