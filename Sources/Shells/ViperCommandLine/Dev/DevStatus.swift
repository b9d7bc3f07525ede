import Foundation
import ViperJSON

/// How `dev --listen`'s last build went, in the file the engine serves at `/dev-status`, which
/// the page shows as a banner: building, failed with the compiler's first errors, or nothing.
struct DevStatus: Sendable {
    enum State: String {
        case building, failed, ok
    }

    /// The file, in `dev`'s own folder; replaced whole at each change, so a reader never sees
    /// half of it.
    let file: URL

    /// Says `state`, with `text` for the page to show.
    func say(_ state: State, _ text: String?) {
        var status: [String: JSONValue] = ["state": .string(state.rawValue)]
        if let text { status["text"] = .string(text) }
        try? Data(JSONWriter.encode(.object(status))).write(to: file, options: .atomic)
    }
}
