// Expect "cannot convert value of type 'String' to expected argument type 'Int'": a datum of the wrong type.
import ViperApps

func misuse(_ session: ViperSession) async throws {
    let search = try await session.start(Apps.flights)
    try await session.send(search, .passengersChanged(count: "2"))
}
