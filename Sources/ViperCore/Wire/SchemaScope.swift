import ViperJSON

/// What a method's schema may depend on: the apps an engine hosts, their scene kinds and their
/// bus events (`app.start` takes one of the apps' names; `view.event` the events of each kind).
struct SchemaScope {
    let apps: [AppFactory]
    /// Each kind once, in name order.
    let scenes: [SceneDescription]
    /// Each event once, in name order.
    let busEvents: [BusEventDescription]
}
