import Testing

import ViperJSON

@testable import ViperCore

/// A method's params are declared once, by the type that decodes them: the schema is read off
/// its members, with constraints on top, and what a journal keeps is encoded from it.
@Suite struct DerivedParamsTests {
    private let scope = SchemaScope(apps: [], scenes: [], busEvents: [])

    @Test func initializeParamsSchemaIsItsMembersWithTheirConstraints() throws {
        let schema = try #require(InitializeRequest.paramsSchema(scope))
        #expect(schema["required"] == [])
        #expect(schema["additionalProperties"] == false)
        let properties = try #require(schema["properties"])
        #expect(properties["now"] == ["$ref": "#/$defs/instant"])
        #expect(properties["locale"] == ["type": "string"])
        #expect(properties["firstWeekday"] == ["type": "integer", "minimum": 1, "maximum": 7])
        #expect(properties["protocolVersion"] == ["enum": ["1.0", "1.1"]])
        // A nested object's members follow the same rule: optional when decoded if present.
        #expect(properties["capabilities"]?["required"] == [])
        #expect(properties["capabilities"]?["properties"]?["effects"] == ["type": "array", "items": ["type": "string"]])
    }

    @Test func requiredMembersAreRequiredAndMethodsWithoutParamsHaveNoSchema() throws {
        let clock = try #require(ClockSetRequest.paramsSchema(scope))
        #expect(clock["required"] == ["now"])
        #expect(ViewBackRequest.paramsSchema(scope)?["properties"]?["scene"] == ProtocolSchema.sceneID)
        #expect(EngineStateRequest.paramsSchema(scope) == nil)
        #expect(ShutdownRequest.paramsSchema(scope) == nil)
    }

    @Test func aJournalKeepsEverySettingButTheCapabilitiesAndTheKey() throws {
        let request = try InitializeRequest.decoding(params: [
            "protocolVersion": "1.1", "now": "2026-11-28T09:00:00Z", "timeZone": "Europe/Paris", "firstWeekday": 2,
            "capabilities": ["effects": ["http"]], "workspace": "team", "resume": "0123",
        ])
        #expect(request.journalHeader == [
            "protocolVersion": "1.1", "now": "2026-11-28T09:00:00Z", "timeZone": "Europe/Paris", "firstWeekday": 2, "workspace": "team",
        ])
        #expect(try InitializeRequest.decoding(params: nil).journalHeader == [:])
    }
}
