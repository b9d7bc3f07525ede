import Foundation

/// Checks a session's output against the lines it was given: every output line is a
/// well-formed JSON-RPC message, each input line caused at most one response (its own id, or
/// null when the id could not be read) after its notifications, and a line got no response
/// only if it was a notification, which JSON-RPC never answers, or a reply (1.1), whose error,
/// if it is wrong, comes out of turn. A violation stops the fuzzer with the input that caused
/// it.
struct Oracle {
    let requests: [[UInt8]]
    let output: [UInt8]

    func check() {
        guard output.isEmpty || output.last == UInt8(ascii: "\n") else { fail("the output ends inside a line") }
        let lines = output.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast()
        let all = lines.map { OutputMessage(bytes: Array($0)) }
        // Errors for replies come out of turn; each reply line gets at most one.
        let replyErrors = all.filter(\.isReplyError)
        let replies = requests.filter { RequestLine($0).isReply }
        guard replyErrors.count <= replies.count else {
            fail("\(replyErrors.count) reply errors for \(replies.count) replies: \(replyErrors.map(\.text))")
        }
        var messages = all.filter { !$0.isReplyError }[...]
        for (index, request) in requests.enumerated() {
            let probeID = Probe.idPrefix + String(index)
            var caused: [OutputMessage] = []
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

    private func check(_ caused: [OutputMessage], of request: [UInt8], index: Int) {
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
        } else if !RequestLine(request).isNotification && !RequestLine(request).isReply {
            fail("\(context): no response, yet the line is neither a notification nor a reply")
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
