import ViperJSON
import ViperTesting

/// Sends the engine what a command built, or a line as typed, and shows what came back. It
/// takes only built requests (`CommandRequest`): nothing here can find a command wanting.
struct RequestSender {
    let client: EngineClient
    let display: SessionDisplay

    private var output: REPLOutput { display.output }

    /// Sends `request` and shows what it changed once it is answered.
    func send(_ request: CommandRequest) async -> REPL.Outcome {
        let exchange = await client.call(request)
        switch request {
        case .startApp, .event, .back, .post:
            return display.show(exchange, for: request)
        case .setClock:
            let outcome = display.show(exchange, for: request)
            if outcome == .ok { output.say(display.style.dim("clock: " + ClockText.describing(client.now, in: client.timeZone, named: client.timeZoneName))) }
            return outcome
        case .state:
            display.showBackgroundOutput()
            if let error = exchange.errorMessage { return output.mistake(error) }
            let scenes = exchange.result?["stack"]?.elements.compactMap { $0["scene"]?.text } ?? []
            output.say(scenes.isEmpty ? "no scene is live" : scenes.enumerated().map { index, scene in
                index == scenes.count - 1 ? "\(scene)  (top)" : scene
            }.joined(separator: "\n"))
            return .ok
        }
    }

    /// `COMMAND &`: sends `request` and returns to the prompt; what it causes is shown when it
    /// comes, like a live feed's renders, under `command` as typed.
    func sendInBackground(_ request: CommandRequest, typed command: String) async -> REPL.Outcome {
        let id = await client.start(request, command: command)
        output.say(display.style.dim("· request \(id) runs in the background; cancel \(id) stops it"))
        return .ok
    }

    /// Sends `line` exactly as typed, and prints the engine's lines as they are.
    func sendRaw(_ line: String) async -> REPL.Outcome {
        let exchange = await client.sendRaw(line)
        display.showBackgroundOutput()
        output.say(exchange.output.isEmpty ? display.style.dim("(no answer)") : exchange.output.joined(separator: "\n"))
        return exchange.errorMessage == nil ? .ok : .failed
    }
}
