import ViperCore
import ViperJSON

/// Reads the text of a transcript; docs/golden.md is its grammar in prose.
enum TranscriptParser {
    /// A line that does not belong in a transcript, and why.
    struct Failure: Error, CustomStringConvertible {
        let path: String
        let lineNumber: Int
        let reason: String

        var description: String { "\(path):\(lineNumber): \(reason)" }
    }

    static func parse(_ text: String, path: String) throws(Failure) -> Transcript {
        // Split by bytes: as Characters, "\r\n" is one and would never match "\n", and in UTF-8
        // neither byte occurs inside another character. Each line is copied whole; rebuilt
        // scalar by scalar, the lines were most of a transcript's parse (BENCHMARKS.md).
        let newline = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r")
        var lines = text.utf8.split(separator: newline, omittingEmptySubsequences: false).map { line in
            String(Substring(line.last == carriageReturn ? line.dropLast() : line))
        }
        if lines.last == "" { lines.removeLast() }

        var options: [String] = []
        var program: String?
        var checks: [Invariant] = []
        var preamble: [String] = []
        var steps: [TranscriptStep] = []
        var pending: [String] = []  // comment and blank lines not yet attached to anything

        // The step being read: its request, and the expectations so far.
        var request: (line: Int, text: String, request: TranscriptStep.Request, leading: [String])?
        var expectations: [TranscriptStep.Expectation] = []
        var expectsNothing = false

        func finishStep() {
            guard let current = request else { return }
            steps.append(TranscriptStep(
                leadingLines: current.leading, lineNumber: current.line, requestText: current.text,
                request: current.request, expectations: expectations, expectsNothing: expectsNothing))
            request = nil
            expectations = []
            expectsNothing = false
        }

        for (index, line) in lines.enumerated() {
            let number = index + 1
            func fail(_ reason: String) -> Failure { Failure(path: path, lineNumber: number, reason: reason) }

            if line.trimmingSpacesAndTabs.isEmpty || line.hasPrefix("#") {
                pending.append(line)
            } else if line.hasPrefix("$") {
                guard steps.isEmpty, request == nil, options.isEmpty else {
                    throw fail("the '$ viper serve …' line must come before the first request")
                }
                let words = line.dropFirst().split(separator: " ").map(String.init)
                guard words.count >= 2, words[1] == "serve" else {
                    throw fail("the options line reads '$ viper serve OPTION…' (or '$ PROGRAM serve OPTION…' for another engine)")
                }
                program = words[0] == "viper" ? nil : words[0]
                options = Array(words.dropFirst(2))
                preamble += pending + [line]
                pending = []
            } else if line.hasPrefix("!") {
                guard steps.isEmpty, request == nil else { throw fail("'! check …' lines must come before the first request") }
                let words = line.dropFirst().split(separator: " ").map(String.init)
                guard words.first == "check", words.count >= 2 else {
                    throw fail("the invariants line reads '! check NAME…', with names from: " + Invariant.allCases.map(\.rawValue).joined(separator: ", "))
                }
                for name in words.dropFirst() {
                    guard let invariant = Invariant(rawValue: name) else {
                        throw fail("'\(name)' is no invariant; the invariants are " + Invariant.allCases.map(\.rawValue).joined(separator: ", "))
                    }
                    checks.append(invariant)
                }
                preamble += pending + [line]
                pending = []
            } else if line.hasPrefix(">") {
                finishStep()
                let parsed = try parseRequest(line, fail: fail)
                request = (number, line, parsed, pending)
                pending = []
            } else if line.hasPrefix("<") {
                guard request != nil else { throw fail("an expected line ('<') must follow a request ('>')") }
                let body = line.dropFirst().trimmingSpacesAndTabs
                if body.isEmpty {
                    guard expectations.isEmpty, !expectsNothing else {
                        throw fail("a bare '<' (no output) cannot be mixed with expected lines")
                    }
                    expectsNothing = true
                    // Lines between a bare '<' and the next request stay with the next request.
                    continue
                }
                guard !expectsNothing else { throw fail("a bare '<' (no output) cannot be mixed with expected lines") }
                let pattern: JSONValue
                do {
                    pattern = try JSONParser.parse(Array(body.utf8))
                } catch {
                    throw fail("the expected line is not JSON: \(error.reason) at byte \(error.offset)")
                }
                expectations.append(.init(leadingLines: pending, lineNumber: number, text: line, pattern: pattern))
                pending = []
            } else {
                throw fail("transcript lines start with '#', '$', '!', '>', '>>' or '<'")
            }
        }
        finishStep()
        if steps.isEmpty {
            preamble += pending
            pending = []
        }
        return Transcript(path: path, engineOptions: options, program: program, checks: checks, preamble: preamble, steps: steps, trailer: pending)
    }

    private static func parseRequest(_ line: String, fail: (String) -> Failure) throws(Failure) -> TranscriptStep.Request {
        if line.hasPrefix(">>") {
            let rest = line.dropFirst(2)
            return .raw(String(rest.hasPrefix(" ") ? rest.dropFirst() : rest))
        }
        let body = line.dropFirst().trimmingSpacesAndTabs
        guard !body.isEmpty else { throw fail("a request line needs a method: '> METHOD {PARAMS}' or '> {…}'") }
        if body.hasPrefix("{") {
            let value = try json(body, what: "request", fail: fail)
            guard case .object(let members) = value else { throw fail("the request is not a JSON object") }
            guard case .string? = members["method"] else { throw fail("the request needs a \"method\" string") }
            return .call(value)
        }
        let method = body.prefix { !$0.isWhitespace }
        let params = body.dropFirst(method.count).trimmingSpacesAndTabs
        switch method {
        case "reply", "reply-error":
            let what = method == "reply" ? "result" : "error"
            guard !params.isEmpty else { throw fail("'> \(method)' needs the \(what) to answer with: '> \(method) {…}'") }
            let value = try json(params, what: what, fail: fail)
            if method == "reply-error", case .object = value {} else if method == "reply-error" {
                throw fail("the error of '> reply-error' must be a JSON object such as {\"code\":-1,\"message\":\"offline\"}")
            }
            return .reply(value, isError: method == "reply-error")
        case "wait":
            guard let timeout = duration(params.isEmpty ? "5s" : params) else {
                throw fail("'> wait' takes how long to wait at most, such as '> wait 2s' or '> wait 500ms'")
            }
            return .wait(timeout)
        default:
            break
        }
        var request: [String: JSONValue] = ["method": .string(String(method))]
        if !params.isEmpty {
            let value = try json(params, what: "params", fail: fail)
            guard case .object = value else { throw fail("the params of '\(method)' must be a JSON object") }
            request["params"] = value
        }
        return .call(.object(request))
    }

    /// `2s`, `500ms`: how long a wait lasts at most.
    private static func duration(_ text: Substring) -> Duration? {
        if text.hasSuffix("ms"), let count = Int(text.dropLast(2)), count > 0 { return .milliseconds(count) }
        if text.hasSuffix("s"), let count = Int(text.dropLast()), count > 0 { return .seconds(count) }
        return nil
    }

    private static func json(_ text: Substring, what: String, fail: (String) -> Failure) throws(Failure) -> JSONValue {
        do {
            return try JSONParser.parse(Array(text.utf8))
        } catch {
            throw fail("the \(what) is not JSON: \(error.reason) at byte \(error.offset)")
        }
    }
}

extension StringProtocol {
    /// The text without the spaces, tabs and carriage returns around it: what separates a
    /// transcript's parts. Unlike ViperCore's `String.trimmingWhitespace`, which trims what a
    /// person types, it knows no other whitespace.
    var trimmingSpacesAndTabs: Substring {
        let characters = Substring(self)
        guard let first = characters.firstIndex(where: { $0 != " " && $0 != "\t" && $0 != "\r" }) else { return "" }
        let last = characters.lastIndex(where: { $0 != " " && $0 != "\t" && $0 != "\r" })!
        return characters[first...last]
    }
}
