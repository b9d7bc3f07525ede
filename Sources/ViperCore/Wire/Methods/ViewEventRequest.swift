import ViperJSON

/// `view.event`: a user event for the module that owns a live scene.
struct ViewEventRequest: WireRequest {
    typealias Result = EmptyResult
    static let method = "view.event"

    /// The id of a live scene (`todo.add#1`).
    var scene: String
    /// The event's name, one the scene's kind accepts.
    var event: String
    /// The event's data; an object, absent for events without data.
    var data: JSONValue?
}
