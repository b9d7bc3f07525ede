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
