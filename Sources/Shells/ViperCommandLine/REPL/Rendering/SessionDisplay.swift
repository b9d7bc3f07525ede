import ViperJSON
import ViperTesting

/// Draws what the session shows a person: what a request changed, and what the engine wrote by
/// itself since the last look (a live feed's render, the rest of a request sent with `&`), with
/// what the engine described of the scenes.
struct SessionDisplay {
    let client: EngineClient
    let output: REPLOutput
    /// The width of a drawn screen.
    let width: Int

    var style: TextStyle { output.style }

    /// Draws exchanges with what the engine described of the scenes, and the stack as it stands.
    var printer: ExchangePrinter {
        ExchangePrinter(
            style: style, width: width, catalog: client.catalog, presented: client.presented, stack: client.stack, viewModels: client.viewModels)
    }

    /// Shows what an exchange changed; a refusal of `request` in the words of the command that
    /// was typed.
    func show(_ exchange: Exchange, for request: CommandRequest) -> REPL.Outcome {
        showBackgroundOutput()
        let lines = printer.lines(for: exchange)
        if let error = exchange.errorMessage {
            if !lines.isEmpty { output.say(lines.joined(separator: "\n")) }
            return output.mistake(REPLWording.refusal(error, data: exchange.errorData, of: request))
        }
        // A person should see that the command was taken even when the app changed nothing
        // (Save tapped while disabled).
        if case .number(let delivered)? = exchange.result?["delivered"] {
            // notification.post: whether anyone listened is its whole answer.
            output.say((lines + [style.dim("(delivered to \(Int(delivered)) module\(delivered == 1 ? "" : "s"))")]).joined(separator: "\n"))
            return .ok
        }
        output.say(lines.isEmpty ? style.dim("(nothing changed)") : lines.joined(separator: "\n"))
        return .ok
    }

    /// Shows what finished in the background, or came by itself, before what a command caused:
    /// it happened first.
    func showBackgroundOutput() {
        if let background = takeBackgroundOutput() { output.say(background) }
    }

    /// What the engine wrote by itself since the last look, drawn as screens; nil when it wrote
    /// nothing.
    func takeBackgroundOutput() -> String? {
        let arrivals = client.takeBackgroundOutput()
        // Drawn as the arrivals leave the stack: taking them followed every one.
        let printer = printer
        var lines: [String] = []
        for arrival in arrivals {
            switch arrival {
            case .progress(let output):
                lines += printer.lines(for: Exchange(sent: nil, raw: false, output: output))
            case .cameByItself(let exchange):
                lines += printer.lines(for: exchange)
            case .finished(let exchange):
                // How a request sent with `&` ended goes to stdout: it is not this line's mistake.
                let id = exchange.id.map(String.init) ?? "?"
                let command = exchange.command ?? "?"
                if let error = exchange.errorMessage {
                    lines.append(style.red("· request \(id) (\(command)) failed: ") + error)
                } else {
                    lines.append(style.dim("· request \(id) (\(command)) done"))
                }
            }
        }
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
    }
}
