import Foundation

/// docs/your-first-app.md as the steps a reader takes, in order, so that a test can take them.
///
/// The tutorial's code blocks are of four kinds, and any other kind is refused, so that nothing
/// in it goes untried:
/// - ```` ```sh ````: commands, run by bash in the folder the previous commands left;
/// - ```` ```console ````: `$ COMMAND`, then the REPL's session: lines that start with a prompt
///   (`greeter>`, `greeter.home#1>`) are typed, the others are what the REPL prints;
/// - ```` ```swift ````: a whole file, whose path ends the paragraph before it (`` `PATH`: ``);
/// - ```` ```diff ````: changes to files, as `git apply` takes them.
///
/// A console block of `dev` (`$ swift run greeter dev`) starts a session that goes on while
/// the files change: the diff blocks after it are applied while it runs, and a console block
/// with no `$ COMMAND` goes on with it (what it prints after the change, what is typed next).
struct Tutorial {
    enum Step: Equatable {
        case commands(String)
        case session(command: String, typed: [String], printed: String)
        case devSession(command: String, lines: [SessionLine])
        case devContinues(lines: [SessionLine])
        case file(path: String, text: String)
        case changes(String)
    }

    /// A line of a session, in order: what is typed after a prompt, or what is printed.
    enum SessionLine: Equatable {
        case typed(String)
        case printed(String)
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let steps: [Step]

    init(markdown: String) throws {
        var steps: [Step] = []
        var paragraphs: [String] = []
        var lines = markdown.split(separator: "\n", omittingEmptySubsequences: false)[...]
        var prose: [Substring] = []
        while let line = lines.popFirst() {
            guard line.hasPrefix("```") else {
                prose.append(line)
                continue
            }
            paragraphs = prose.split(whereSeparator: { $0.trimmingCharacters(in: .whitespaces).isEmpty }).map { $0.joined(separator: " ") }
            prose = []
            let kind = line.dropFirst(3)
            var body: [Substring] = []
            while let next = lines.popFirst(), next != "```" { body.append(next) }
            let text = body.joined(separator: "\n") + "\n"
            switch kind {
            case "sh":
                steps.append(.commands(text))
            case "console" where body.first?.hasPrefix("$ ") == false:
                steps.append(.devContinues(lines: Self.sessionLines(body[...])))
            case "console" where body.first?.hasSuffix(" dev") == true || body.first?.contains(" dev ") == true:
                steps.append(.devSession(command: String(body[0].dropFirst(2)), lines: Self.sessionLines(body.dropFirst())))
            case "console":
                steps.append(try Self.session(body))
            case "swift":
                guard let path = paragraphs.last.flatMap(Self.path(endingParagraph:)) else {
                    throw Failure(description: "a swift block follows a paragraph that does not end with its file's path (`PATH`:): \(paragraphs.last ?? "")")
                }
                steps.append(.file(path: path, text: text))
            case "diff":
                steps.append(.changes(text))
            default:
                throw Failure(description: "a code block of kind '\(kind)', which the tutorial test does not run: \(text.prefix(80))")
            }
        }
        self.steps = steps
    }

    /// A REPL session: its command, what is typed after each prompt, and what is printed.
    private static func session(_ body: [Substring]) throws -> Step {
        guard let first = body.first, first.hasPrefix("$ ") else {
            throw Failure(description: "a console block does not start with `$ COMMAND`: \(body.first ?? "")")
        }
        var typed: [String] = []
        var printed: [Substring] = []
        for line in body.dropFirst() {
            if let prompt = line.firstRange(of: #/^[a-z][a-z0-9.#]*> /#) {
                typed.append(String(line[prompt.upperBound...]))
            } else {
                printed.append(line)
            }
        }
        return .session(command: String(first.dropFirst(2)), typed: typed, printed: printed.map { $0 + "\n" }.joined())
    }

    /// A session's lines, each typed (after a prompt) or printed.
    private static func sessionLines(_ body: ArraySlice<Substring>) -> [SessionLine] {
        body.map { line in
            if let prompt = line.firstRange(of: #/^[a-z][a-z0-9.#]*> /#) { .typed(String(line[prompt.upperBound...])) } else { .printed(String(line)) }
        }
    }

    /// The path in `` `PATH`: `` at the end of `paragraph`.
    private static func path(endingParagraph paragraph: String) -> String? {
        guard let match = paragraph.firstMatch(of: /`([^`]+)`:$/) else { return nil }
        return String(match.output.1)
    }
}

extension Tutorial.Step {
    /// Whether a dev session before this step is still running: files change under it, and
    /// it prints what came of the change.
    var goesOnWithDev: Bool {
        switch self {
        case .changes, .devContinues: true
        default: false
        }
    }
}
