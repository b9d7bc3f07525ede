import Foundation
import ViperJSON

/// An API's answer: a status and a JSON body, written with sorted keys as the engine writes.
package struct SampleResponse: Sendable {
    package let status: Int
    package let body: ViperJSON.JSONValue
    package var headers: [String: String] = [:]

    package init(_ status: Int = 200, _ body: ViperJSON.JSONValue) {
        self.status = status
        self.body = body
    }

    /// The body's bytes.
    package var bodyBytes: [UInt8] { JSONWriter.encode(body) }
}
