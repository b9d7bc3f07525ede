/// One line of the table: what was measured, the engine's figure beside its reference's, and
/// the target the issue sets, if any.
struct Row {
    let measure: String
    let viper: String
    let reference: String
    let ratio: String
    let target: String
    /// Whether the target is met; nil when the row has no target.
    let met: Bool?

    init(_ measure: String, viper: String, reference: String = "", ratio: String = "", target: String = "", met: Bool? = nil) {
        self.measure = measure
        self.viper = viper
        self.reference = reference
        self.ratio = ratio
        self.target = target
        self.met = met
    }

    /// The table in Markdown.
    static func table(_ rows: [Row]) -> String {
        var lines = [
            "| measure | viper | reference | ratio | target | met |",
            "| --- | ---: | --- | ---: | --- | :---: |",
        ]
        for row in rows {
            let met = row.met.map { $0 ? "yes" : "**no**" } ?? ""
            lines.append("| \(row.measure) | \(row.viper) | \(row.reference) | \(row.ratio) | \(row.target) | \(met) |")
        }
        return lines.joined(separator: "\n")
    }
}

/// How the table spells numbers.
enum Format {
    /// `12,345`.
    static func grouped(_ value: Double) -> String {
        let digits = String(Int(value.rounded()))
        var result = ""
        for (offset, character) in digits.reversed().enumerated() {
            if offset > 0 && offset % 3 == 0 && character != "-" { result.append(",") }
            result.append(character)
        }
        return String(result.reversed())
    }

    /// `1.23` (two decimals) or `0.123` (three significant digits below 1).
    static func decimal(_ value: Double, places: Int = 2) -> String {
        let scale = pow10(places)
        let rounded = (value * scale).rounded() / scale
        var text = String(rounded)
        if let dot = text.firstIndex(of: ".") {
            let decimals = text.distance(from: dot, to: text.endIndex) - 1
            if decimals < places { text += String(repeating: "0", count: places - decimals) }
        }
        return text
    }

    static func ratio(_ value: Double) -> String {
        decimal(value) + "×"
    }

    static func megabytes(_ bytes: Int) -> String {
        decimal(Double(bytes) / 1_048_576, places: 1) + " MB"
    }

    private static func pow10(_ places: Int) -> Double {
        (0..<places).reduce(1.0) { value, _ in value * 10 }
    }
}
