/// Whose work is running: a request's, whose output belongs to it and comes before its
/// response, or background work a scene owns, whose output is written between responses.
enum WorkOrigin: Sendable {
    case request
    case background

    /// The origin of the current task; requests set it, scene tasks set `.background`.
    @TaskLocal static var current = WorkOrigin.request
}
