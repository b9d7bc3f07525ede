import Foundation

/// Steps of the Accounts stories, over the wire.
extension ServeProcess {
    /// Sends `initialize` (id 1) with a fixed clock and `app.start` for the Accounts app (id 2);
    /// returns the scene `app.start` showed.
    @discardableResult
    func startAccounts(now: String = "2026-11-23T09:00:00Z") throws -> String {
        _ = try call(Wire.initialize(1, now: now))
        let started = try call(Wire.request(2, "app.start", #"{"app":"accounts"}"#))
        guard let last = started.last.flatMap(WireJSON.object), let result = last["result"] as? [String: Any],
            let scene = result["scene"] as? String
        else { throw Failure(description: "app.start did not succeed: \(started)") }
        return scene
    }

    /// Presents a form from the prompt (`logInTapped` or `signUpTapped`), fills `fields` in
    /// order, and taps `submit`; returns what the submit wrote. Ids count from `firstID`.
    func submitForm(
        from prompt: String, open event: String, kind: String, fields: [(event: String, name: String, value: String)], submit: String,
        firstID: Int
    ) throws -> (form: String, lines: [String]) {
        let opened = try call(Wire.event(firstID, prompt, event))
        guard let form = opened.first.flatMap(WireJSON.scene(of:)), Wire.kind(of: form) == kind else {
            throw Failure(description: "\(event) did not present \(kind): \(opened)")
        }
        for (offset, field) in fields.enumerated() {
            let id = firstID + 1 + offset
            let lines = try call(Wire.event(id, form, field.event, #"{"\#(field.name)":\#(Wire.string(field.value))}"#))
            guard lines.last == Wire.result(id, "{}") else { throw Failure(description: "\(field.event) failed: \(lines)") }
        }
        return (form, try call(Wire.event(firstID + 1 + fields.count, form, submit)))
    }

    /// Signs up from the prompt; returns what signUpTapped wrote.
    func signUp(_ username: String, displayName: String = "Ada Lovelace", password: String, from prompt: String, firstID: Int = 10) throws -> (form: String, lines: [String]) {
        try submitForm(
            from: prompt, open: "signUpTapped", kind: "accounts.signup",
            fields: [("usernameChanged", "username", username), ("displayNameChanged", "displayName", displayName), ("passwordChanged", "password", password)],
            submit: "signUpTapped", firstID: firstID)
    }

    /// Logs in from the prompt; returns what logInTapped wrote.
    func logIn(_ username: String, password: String, from prompt: String, firstID: Int = 20) throws -> (form: String, lines: [String]) {
        try submitForm(
            from: prompt, open: "logInTapped", kind: "accounts.login",
            fields: [("usernameChanged", "username", username), ("passwordChanged", "password", password)], submit: "logInTapped", firstID: firstID)
    }
}

extension Wire {
    /// The `accounts.home` view model.
    static func home(username: String, displayName: String, memberSince: String, isOffline: Bool = false) -> String {
        #"{"displayName":\#(string(displayName)),"isOffline":\#(isOffline),"memberSince":"\#(memberSince)","username":\#(string(username))}"#
    }

    /// The `accounts.login` view model.
    static func login(username: String, logInEnabled: Bool, isWorking: Bool = false, errorMessage: String? = nil) -> String {
        #"{"errorMessage":\#(errorMessage.map(string) ?? "null"),"isWorking":\#(isWorking),"logInEnabled":\#(logInEnabled),"username":\#(string(username))}"#
    }
}
