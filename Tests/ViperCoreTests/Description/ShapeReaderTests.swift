import Testing
import ViperJSON

@testable import ViperCore

/// A scene with every kind of member the reader follows.
private enum SampleScene: SceneContract {
    static let kind: SceneKind = "sample"

    enum Event: SceneEvent {
        case tapped
        case renamed(name: String, count: Int)
        case dayPicked(day: Nullable<CalendarDay>, note: String?)
        case setTo(value: Double)

        enum CodingKeys: String, CodingKey, CaseIterable {
            case tapped, renamed, dayPicked
            /// The wire calls it `setValue`: both the description and the decoder say so.
            case setTo = "setValue"
        }
    }

    struct ViewModel: SceneViewModel {
        struct Row: Codable, Sendable {
            let label: String
            let due: CalendarDay?
            let tags: [String]
        }

        let title: String
        let enabled: Bool
        let picked: CalendarDay?
        let rows: [Row]
        let grid: [[Int]]
    }
}

private func field(_ name: String, _ type: FieldDescriptor.ValueType, nullable: Bool = false) -> FieldDescriptor {
    FieldDescriptor(name, type, nullable: nullable)
}

struct ShapeReaderTests {
    @Test func eventsAreTheCodingKeysWithTheMembersOfEachCase() {
        #expect(SceneDescription(SampleScene.self).events == [
            EventDescriptor("tapped"),
            EventDescriptor("renamed", fields: [field("name", .string), field("count", .integer)]),
            EventDescriptor("dayPicked", fields: [field("day", .day, nullable: true), field("note", .string, nullable: true)]),
            EventDescriptor("setValue", fields: [field("value", .number)]),
        ])
    }

    @Test func theViewModelsMembersComeInDeclarationOrderWithTheirTypes() {
        #expect(SceneDescription(SampleScene.self).viewModel == [
            field("title", .string),
            field("enabled", .bool),
            field("picked", .day, nullable: true),
            field("rows", .array(.object([field("label", .string), field("due", .day, nullable: true), field("tags", .array(.string))]))),
            field("grid", .array(.array(.integer))),
        ])
    }

    @Test func whatIsDescribedIsWhatDecodes() throws {
        let decoded = try JSONValueDecoder.decode(SampleScene.Event.self, from: ["setValue": ["value": 2.5]])
        guard case .setTo(let value) = decoded else { Issue.record("decoded \(decoded)"); return }
        #expect(value == 2.5)
        #expect(throws: DecodingError.self) { try JSONValueDecoder.decode(SampleScene.Event.self, from: ["setTo": ["value": 2.5]]) }
    }

    @Test func aTypeThatDecodesInAWayTheReaderCannotFollowIsNamedInTheError() {
        struct Opaque: Decodable {
            init(from decoder: any Decoder) throws {
                _ = try decoder.container(keyedBy: WireCodingKey.self).superDecoder()
            }
        }
        #expect(throws: ShapeReader.Failure.self) { try ShapeReader.members(of: Opaque.self) }
        #expect(throws: ShapeReader.Failure.self) { try ShapeReader.members(of: [String].self) }
    }
}
