import ViperApps

// Each story in an engine of its own, as a front end would start one per window.
for story in [addAToDo, bookAFlight, readTheNews] {
    let engine = try EngineProcess()
    let session = ViperSession(transport: engine)
    print("✔ \(try await story(session))")
    try await session.shutdown()
    _ = engine.close()
}
