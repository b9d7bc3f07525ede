/// The REPL's side of `dev`: shows what the loop reports, and moves the session onto the
/// rebuilt engine once it replayed, drawing the scene on top again with the new code.
final class DevReloader: SessionReloader {
    private let channel: ReloadChannel
    private let client: EngineClient
    private let display: SessionDisplay

    init(channel: ReloadChannel, client: EngineClient, display: SessionDisplay) {
        self.channel = channel
        self.client = client
        self.display = display
    }

    func settled() async {
        await channel.settled()
    }

    func takeNews() -> String? {
        let (news, ready) = channel.take()
        var text = news
        if let ready {
            client.adopt(ready.view, lines: ready.lines, catalog: ready.catalog)
            text.append(ready.report)
            if let top = client.topScene, let viewModel = client.viewModels[top] {
                text += display.printer.screen(top, viewModel)
            }
        }
        return text.isEmpty ? nil : text.joined(separator: "\n")
    }
}
