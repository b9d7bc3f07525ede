import Foundation

/// A story's expectation that did not hold.
struct StoryFailure: Error, CustomStringConvertible {
    let description: String
}

/// Fails the story with `message` unless `condition` holds.
func check(_ condition: Bool, _ message: @autoclosure () -> String) throws {
    if !condition { throw StoryFailure(description: message()) }
}

/// The instant `text` names, ISO 8601 with its offset.
func instant(_ text: String) throws -> Date {
    guard let date = ISO8601DateFormatter().date(from: text) else { throw StoryFailure(description: "'\(text)' is not an instant") }
    return date
}
