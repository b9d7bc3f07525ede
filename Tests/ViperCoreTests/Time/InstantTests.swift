import Foundation
import Testing

@testable import ViperCore

struct InstantTests {
    @Test(arguments: [
        ("2026-11-22T09:00:00Z", 1_795_338_000.0),
        ("2026-11-22t09:00:00z", 1_795_338_000.0),
        ("2026-11-22T10:00:00+01:00", 1_795_338_000.0),
        ("2026-11-22T04:30:00-04:30", 1_795_338_000.0),
        ("2026-11-22T09:00:00.250Z", 1_795_338_000.25),
        ("1970-01-01T00:00:00Z", 0.0),
        ("2024-02-29T23:59:59Z", 1_709_251_199.0),
    ])
    func readsInstantsWithAnOffset(text: String, secondsSince1970: Double) throws {
        #expect(try #require(Instant.parse(text)).timeIntervalSince1970 == secondsSince1970)
    }

    @Test(arguments: [
        "2026-11-22T09:00:00", "2026-02-30T09:00:00Z", "2026-11-24T25:00:00Z", "2026-11-24T23:61:00Z",
        "2026-11-24T23:00:60Z", "2026-13-01T00:00:00Z", "2026-11-22T09:00:00+25:00", "2026-11-22T09:00:00+01",
        "2026-11-22T09:00Z", "2026-11-22 09:00:00Z", "2026-11-22T09:00:00.Z", "2026-11-22T09:00:00Z ", "", "now",
    ])
    func refusesTextThatIsNotAnExistingInstantWithOffset(text: String) {
        #expect(Instant.parse(text) == nil)
    }
}
