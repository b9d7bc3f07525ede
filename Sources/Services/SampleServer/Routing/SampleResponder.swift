import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import ViperJSON

/// Hummingbird's side of the sample server: each request read into a `SampleRequest`, its body
/// with a limit, handed to the router, and its `SampleResponse` written back.
struct SampleResponder: HTTPResponder {
    typealias Context = BasicRequestContext

    let router: SampleRouter
    /// The secret every request carries, when the server answers only the engine that started it.
    let accessKey: String?

    func respond(to request: Request, context: BasicRequestContext) async throws -> Response {
        var headers: [String: String] = [:]
        for field in request.headers { headers[field.name.canonicalName] = field.value }
        if let accessKey, !Self.sameBytes(headers[SampleServerConfiguration.accessKeyHeader.lowercased()] ?? "", accessKey) {
            let refusal = SampleFailure(403, "forbidden", "This sample server answers only the engine that started it.").response(in: .viper)
            var fields = HTTPFields()
            fields[.contentType] = "application/json; charset=utf-8"
            return Response(status: .forbidden, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: refusal.bodyBytes)))
        }
        var query: [String: String] = [:]
        for (name, value) in request.uri.queryParameters { query[String(name)] = String(value) }
        let (body, tooLarge, drained) = try await Self.read(request.body, limit: SampleRouter.maximumBodyBytes)
        let sample = SampleRequest(
            method: request.method.rawValue, path: request.uri.path, query: query, headers: headers, body: body, isBodyTooLarge: tooLarge)
        let answer = await router.respond(to: sample)
        var fields = HTTPFields()
        fields[.contentType] = "application/json; charset=utf-8"
        for (name, value) in answer.headers {
            if let fieldName = HTTPField.Name(name) { fields[fieldName] = value }
        }
        // A body left unread cannot be skipped on a kept-alive connection: the client's next
        // request would be read from its middle.
        if !drained { fields[.connection] = "close" }
        return Response(status: HTTPResponse.Status(code: answer.status), headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: answer.bodyBytes)))
    }

    /// Whether `left` and `right` are the same, compared without stopping at the first
    /// difference, so that answer times do not tell how much of a guess was right.
    private static func sameBytes(_ left: String, _ right: String) -> Bool {
        let left = Array(left.utf8), right = Array(right.utf8)
        var difference = UInt8(left.count == right.count ? 0 : 1)
        for index in 0..<max(left.count, right.count) {
            difference |= (index < left.count ? left[index] : 0) ^ (index < right.count ? right[index] : 0)
        }
        return difference == 0
    }

    /// At most `limit` bytes of `body`. A longer one is read on and dropped, up to a mebibyte,
    /// so that the connection can go on; beyond that it is left unread (`drained` false).
    private static func read(_ body: RequestBody, limit: Int) async throws -> (bytes: [UInt8], tooLarge: Bool, drained: Bool) {
        let drainLimit = 1 << 20
        var bytes: [UInt8] = []
        var read = 0
        for try await buffer in body {
            read += buffer.readableBytes
            if read <= limit { bytes.append(contentsOf: buffer.readableBytesView) } else { bytes = [] }
            if read > drainLimit { return ([], true, false) }
        }
        return (read <= limit ? bytes : [], read > limit, true)
    }
}
