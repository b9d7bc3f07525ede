import Foundation

/// Checks a session's output against the lines it was given: every output line is a
/// well-formed JSON-RPC message, each input line caused at most one response (its own id, or
/// null when the id could not be read) after its notifications, and a line got no response
/// only if it was a notification, which JSON-RPC never answers. A violation stops the fuzzer
/// with the input that caused it.
struct Oracle {
    let requests: [[UInt8]]
    let output: [UInt8]

    func check() {
        guard output.isEmpty || output.last == UInt8(ascii: "\n") else { fail("the output ends inside a line") }
        let lines = output.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast()
        var messages = lines.map { Message(bytes: Array($0)) }[...]
        for (index, request) in requests.enumerated() {
            let probeID = Probe.idPrefix + String(index)
            var caused: [Message] = []
            while true {
                guard let message = messages.popFirst() else {
                    fail("line \(index) \(quote(request)): the output ended before its probe's response")
                }
                // The probe's response ends the line's output; a second one right after means the
                // line itself carried the probe's id.
                if message.isResponse(to: probeID), !(messages.first?.isResponse(to: probeID) ?? false) { break }
                caused.append(message)
            }
            check(caused, of: request, index: index)
        }
        guard messages.isEmpty else { fail("output after the last probe: \(messages.map(\.text))") }
    }

    private func check(_ caused: [Message], of request: [UInt8], index: Int) {
        let context = "line \(index) \(quote(request)) caused \(caused.map(\.text))"
        for message in caused where !message.isWellFormed { fail("\(context): malformed \(message.text)") }
        let responses = caused.filter(\.isResponse)
        guard responses.count <= 1 else { fail("\(context): more than one response") }
        if let response = responses.first {
            guard caused.last?.isResponse == true else { fail("\(context): a notification after the response") }
            let sent = RequestLine(request)
            if let id = sent.id, !response.hasID(id) && !response.hasID(NSNull()) {
                fail("\(context): the response's id is neither the request's nor null")
            }
        } else if !RequestLine(request).isNotification {
            fail("\(context): no response, yet the line is not a notification")
        }
    }

    private func quote(_ bytes: [UInt8]) -> String {
        String(decoding: bytes.prefix(300), as: UTF8.self).debugDescription
    }

    private func fail(_ reason: String) -> Never {
        var text = "ViperFuzz: \(reason)\n"
        text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
        abort()
    }
}

/// One output line, read with Foundation's parser: an oracle independent of the engine's own.
struct Message {
    let text: String
    let object: [String: Any]?

    init(bytes: [UInt8]) {
        text = String(decoding: bytes, as: UTF8.self)
        object = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any]
    }

    var isResponse: Bool { object?["method"] == nil && object?.keys.contains("id") == true }

    func isResponse(to id: String) -> Bool { isResponse && object?["id"] as? String == id }

    /// Whether the response's id is `id`; numbers compare as the doubles protocol.md says they are.
    func hasID(_ id: Any) -> Bool {
        guard let own = object?["id"] else { return false }
        switch (own, id) {
        case (let own as String, let id as String): return own == id
        case (is NSNull, is NSNull): return true
        case (let own as NSNumber, let id as NSNumber): return own.doubleValue == id.doubleValue
        default: return false
        }
    }

    /// A response with exactly one of `result` and `error`, errors with an integer code, a
    /// message and a `data.kind`; or a notification the engine sends.
    var isWellFormed: Bool {
        guard let object, object["jsonrpc"] as? String == "2.0" else { return false }
        if let method = object["method"] as? String {
            return ["view.navigate", "view.render"].contains(method) && object["params"] is [String: Any]
                && object["id"] == nil && object.count == 3
        }
        guard object.keys.contains("id"), object.count == 3 else { return false }
        if object.keys.contains("result") { return true }
        guard let error = object["error"] as? [String: Any], let code = error["code"] as? Int,
            (-32768 ... -32000).contains(code), error["message"] is String,
            let data = error["data"] as? [String: Any], data["kind"] is String
        else { return false }
        return true
    }
}

/// A fuzzed input line, read with Foundation's parser.
struct RequestLine {
    let object: [String: Any]?

    init(_ bytes: [UInt8]) {
        var bytes = bytes
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        object = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any]
    }

    /// The id the line carries, when it has one JSON-RPC allows.
    var id: Any? {
        guard let id = object?["id"] else { return nil }
        return id is String || id is NSNumber || id is NSNull ? id : nil
    }

    /// Whether the line is a request without an id, which gets no answer.
    var isNotification: Bool {
        guard let object, object["id"] == nil, object["jsonrpc"] as? String == "2.0", object["method"] is String
        else { return false }
        return object["params"] == nil || object["params"] is [String: Any] || object["params"] is [Any]
    }
}
