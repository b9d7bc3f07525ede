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

    /// Mebibytes, as `ls -lh` and `/proc` count them, and so labelled: the table said MB for
    /// them until 2026-11-29, though each figure is 4.6 % below the same size in decimal megabytes.
    static func mebibytes(_ bytes: Int) -> String {
        decimal(Double(bytes) / 1_048_576, places: 1) + " MiB"
    }

    private static func pow10(_ places: Int) -> Double {
        (0..<places).reduce(1.0) { value, _ in value * 10 }
    }
}
