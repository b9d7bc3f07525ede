import ViperCore
import ViperJSON

/// Where an actual value departs from an expected pattern: the path and both values.
struct JSONDifference: Equatable, CustomStringConvertible {
    /// `params.viewModel.sections[0].title`, or empty for the whole line.
    let path: String
    let expected: String
    let actual: String

    var description: String {
        "\(path.isEmpty ? "the line" : path): expected \(expected), actual \(actual)"
    }

    /// Compares `actual` with the pattern `expected`, binding captures met for the first time.
    static func between(
        expected: JSONValue, actual: JSONValue, captures: inout Captures, path: String = ""
    ) -> [JSONDifference] {
        if let marker = Marker(expected) {
            switch marker {
            case .any:
                return []
            case .literal(let text):
                return actual == .string(text) ? [] : [JSONDifference(path: path, expected: show(.string(text)), actual: show(actual))]
            case .capture(let name):
                if let bound = captures[name] {
                    return bound == actual
                        ? [] : [JSONDifference(path: path, expected: "{{\(name)}} = \(show(bound))", actual: show(actual))]
                }
                captures.bind(name, to: actual)
                return []
            }
        }
        switch (expected, actual) {
        case (.object(let expectedMembers), .object(let actualMembers)):
            var differences: [JSONDifference] = []
            for key in Set(expectedMembers.keys).union(actualMembers.keys).sorted(by: JSONWriter.utf8Order) {
                let memberPath = path.isEmpty ? key : "\(path).\(key)"
                switch (expectedMembers[key], actualMembers[key]) {
                case (let expectedMember?, let actualMember?):
                    differences += between(expected: expectedMember, actual: actualMember, captures: &captures, path: memberPath)
                case (let expectedMember?, nil):
                    differences.append(JSONDifference(path: memberPath, expected: show(expectedMember), actual: "nothing"))
                case (nil, let actualMember?):
                    differences.append(JSONDifference(path: memberPath, expected: "nothing", actual: show(actualMember)))
                case (nil, nil):
                    break
                }
            }
            return differences
        case (.array(let expectedElements), .array(let actualElements)) where expectedElements.count == actualElements.count:
            return zip(expectedElements, actualElements).enumerated().flatMap { index, pair in
                between(expected: pair.0, actual: pair.1, captures: &captures, path: "\(path)[\(index)]")
            }
        case (.array(let expectedElements), .array(let actualElements)):
            return [JSONDifference(
                path: path, expected: "\(expectedElements.count) elements", actual: "\(actualElements.count) elements")]
        case (.string(let expectedText), .string(let actualText)) where expectedText != actualText:
            let (shownExpected, shownActual) = showDifference(expectedText, actualText)
            return [JSONDifference(path: path, expected: shownExpected, actual: shownActual)]
        default:
            return expected == actual ? [] : [JSONDifference(path: path, expected: show(expected), actual: show(actual))]
        }
    }

    /// Two long strings that differ, each cut to the stretch around where they first differ:
    /// the start of two long URLs is the same, and would hide where they differ.
    private static func showDifference(_ expected: String, _ actual: String) -> (String, String) {
        let limit = 80
        guard expected.count > limit || actual.count > limit else { return (show(.string(expected)), show(.string(actual))) }
        let common = zip(expected, actual).prefix { $0 == $1 }.count
        let start = max(0, common - 20)
        func window(_ text: String) -> String {
            let cut = text.dropFirst(start).prefix(limit - 10)
            return JSONWriter.string(.string((start > 0 ? "…" : "") + cut + (start + cut.count < text.count ? "…" : "")))
        }
        return (window(expected), window(actual))
    }

    private static func show(_ value: JSONValue) -> String {
        let text = JSONWriter.string(value)
        return text.count > 80 ? String(text.prefix(77)) + "..." : text
    }
}
