import Foundation

/// What `help` says: the commands, the events the top scene accepts, one command in detail.
enum HelpText {
    static let commands: [(usage: String, summary: String)] = [
        ("start APP", "start an app (app.start)"),
        ("EVENT [FIELD=VALUE …]", "send an event to the top scene (view.event)"),
        ("SCENE EVENT [FIELD=VALUE …]", "send an event to any live scene"),
        ("back", "leave the top scene as a back button or a swipe would (view.back)"),
        ("post NAME [FIELD=VALUE …]", "hand an event to the apps from outside, as a push would (notification.post)"),
        ("COMMAND &", "send start, an event, back or post without waiting for the answer"),
        ("cancel [ID]", "cancel requests sent with & ($/cancelRequest)"),
        ("clock [WHEN]", "show the session clock, or set it (clock.set)"),
        ("stack", "list the live scenes, bottom first (engine.state)"),
        ("show [SCENE]", "draw a scene's last screen again (default: the top one)"),
        ("raw [LINE]", "send a JSON-RPC line as typed; alone, switch raw mode on or off"),
        ("record FILE | record stop", "write the session as a golden transcript"),
        ("help [COMMAND | EVENT]", "this list, or more about one command or event"),
        ("wait [DURATION]", "show what arrives by itself (a chat reply) within DURATION"),
        ("clear", "clear the screen (Ctrl-L too)"),
        ("map", "explore the running app by itself and print the map of its scenes"),
        ("quit | exit", "leave (Ctrl-D too; Ctrl-C drops the line being typed, or cancels a slow request)"),
    ]

    /// Each command's detail, as `help COMMAND` shows it in the REPL of `command` (`viper`).
    static func details(command: String) -> [String: String] {
        [
            "clock": """
                clock [WHEN]
                  Without WHEN, shows the session clock. The clock stands still until you set it;
                  scenes that depend on the time render again. WHEN is one of:
                    2026-11-24T09:00:00Z   an instant with its offset
                    2026-11-24             that day, at the clock's time of day
                    +1d  -2h  +30m         a step forward or back (days, hours, minutes)
                    now                    the system clock's time
                  `\(command) --now WHEN` takes the same forms, counted from the system clock.
                """,
            "back": """
                back [SCENE]
                  Leaves the top scene with the platform's gesture, not one of its buttons: a
                  pushed scene is popped, a presented one dismissed. The root cannot go back, nor
                  can a scene that another covers.
                """,
            "wait": """
                wait [DURATION]
                  Waits until something arrives by itself, at most DURATION (5s when left out;
                  3, 3s or 500ms, up to 60s), and shows it: a chat reply that the live feed
                  brought, a render of background work. At the prompt, such renders are shown
                  as they arrive, above the line being typed; wait is for scripts piped into
                  \(command), which otherwise end before the reply comes.
                  Example: wait 3s
                """,
            "post": """
                post NAME [FIELD=VALUE …]
                  Hands an event to every live module that listens for NAME, as a socket or a
                  push service would (notification.post), and says how many took it. The payload
                  is typed like an event's data; an instant also takes `now`, the session clock.
                  `help` lists the bus events the hosted apps take; Tab completes them and their
                  fields.
                """,
            "&": """
                COMMAND &
                  Sends what start, an event, back or post stand for and returns to the prompt at
                  once, with the request's number. What it causes is shown when it comes, above
                  the line being typed, ending with `request N (…) done` or why it failed. The
                  prompt counts the requests still running; commands typed meanwhile wait their
                  turn in the engine. For requests that wait on a slow server.
                  Example: start news &
                """,
            "cancel": """
                cancel [ID]
                  Asks the engine to cancel request ID, sent with &, or every such request still
                  running ($/cancelRequest). A cancelled request ends with `failed: Cancelled: …`;
                  what it had shown stays. A transcript cannot cancel: a recording keeps the step
                  as it ran, which does not replay.
                  Example: cancel 7
                """,
            "clear": """
                clear
                  Clears the screen, as Ctrl-L does. The session is not touched.
                """,
            "map": """
                map
                  Explores the running app by itself, in sessions of its own (this one is not
                  touched): 300 actions from seed 1, 10 s at most, every invariant checked. Prints
                  each move that led from one scene to another, the scenes never reached, and
                  any invariant that broke. For the stories and the drawn map: \(command) explore
                """,
            "stack": """
                stack
                  Asks the engine for its stack (engine.state) and lists the live scenes, bottom
                  first, the top one last.
                """,
            "show": """
                show [SCENE]
                  Draws what SCENE (default: the top scene) showed last, without asking the engine.
                """,
            "raw": """
                raw [LINE]
                  raw {"jsonrpc":"2.0","id":1,"method":"engine.state"} sends one line exactly as typed
                  and prints the engine's lines as they are. `raw` alone switches raw mode on: every
                  line is then sent as typed, until you type `raw` again.
                """,
            "record": """
                record FILE | record stop
                  Writes the session as a golden transcript (docs/golden.md), from its start, so it
                  replays in a fresh engine: `\(command) test FILE`. The file grows with each command
                  until `record stop`.
                  Example: record examples/todo/my-story.transcript
                """,
            "help": """
                help [COMMAND | EVENT]
                  Lists the commands and the events of the top scene, or explains one of them.
                """,
            "quit": """
                quit | exit
                  Leaves the REPL; so does Ctrl-D. Ctrl-C drops the line being typed; while a
                  request runs (a slow server), Ctrl-C cancels it ($/cancelRequest).
                """,
        ]
    }

    /// `help start`: the apps as the engine described them. `serverOptions`, the title of the
    /// host's own options in `command --help`, is given when those options say where the apps'
    /// servers are (viper's `Servers`).
    static func start(_ catalog: SceneCatalog, command: String, serverOptions: String?) -> String {
        let width = catalog.apps.map(\.count).max() ?? 0
        return (["start APP", "  Starts an app: its root scene replaces the whole stack. The apps, with their root scenes:"]
            + catalog.apps.map { "    " + $0.padding(toLength: width + 2, withPad: " ", startingAt: 0) + (catalog.rootScenes[$0] ?? "") }
            + (serverOptions.map { ["  Apps that talk to a server reach the one its options name: \(command) --help lists them under \($0.uppercased())."] } ?? [])
            + ["  Tab completes the names.", "  Example: start \(catalog.apps.first ?? "APP")"]).joined(separator: "\n")
    }

    /// The whole list, with the events the top scene accepts and the bus events.
    static func overview(_ catalog: SceneCatalog, topScene: String?) -> [String] {
        let width = commands.map(\.usage.count).max() ?? 0
        var lines = ["Commands:"]
        lines += commands.map { "  " + $0.usage.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.summary }
        let apps = catalog.apps
        let events = topScene.map { catalog.events(ofScene: $0) } ?? []
        lines.append("Apps: \(apps.joined(separator: ", ")).")
        if !catalog.notifications.isEmpty {
            lines.append("Bus events (post): " + catalog.notifications.map(usage(of:)).joined(separator: "; "))
        }
        if let topScene {
            lines.append("Events of \(topScene):")
            lines += events.map { "  " + usage(of: $0) }
        } else {
            lines.append("No scene is live yet: start an app, e.g. start \(apps.first ?? "APP").")
        }
        lines.append("Tab completes commands, apps, scenes, events and their fields.")
        return lines
    }

    /// `titleChanged title=TEXT`, with each field's type.
    static func usage(of event: SceneCatalog.Event) -> String {
        ([event.name] + event.fields.map { field in
            "\(field.name)=" + placeholder(for: field)
        }).joined(separator: " ")
    }

    /// More about one event: how to type it and what each field takes.
    static func details(of event: SceneCatalog.Event) -> [String] {
        var lines = [usage(of: event)]
        if event.fields.isEmpty { lines.append("  no data") }
        for field in event.fields {
            var text = "  \(field.name): \(field.type)"
            if field.type == "day" { text += " (\(EventData.dayForms))" }
            if field.isNullable { text += "; null clears it" }
            lines.append(text)
        }
        if event.fields.count == 1 { lines.append("  With one field, the value may come alone: \(event.name) VALUE") }
        return lines
    }

    private static func placeholder(for field: SceneCatalog.Field) -> String {
        let base = field.type == "day" ? "DAY" : field.type.uppercased()
        return field.isNullable ? base + "|null" : base
    }
}
