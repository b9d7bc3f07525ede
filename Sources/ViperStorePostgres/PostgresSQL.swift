/// The SQL apps write, as PostgreSQL reads it: each `?` outside quotes and comments becomes
/// `$1`, `$2`, … in order. Statements are few and short, so they are rewritten each time.
enum PostgresSQL {
    static func numbered(_ sql: String) -> String {
        var result = ""
        result.reserveCapacity(sql.utf8.count + 8)
        var number = 0
        var quote: Character?
        var inLineComment = false
        var previous: Character = " "
        for character in sql {
            if inLineComment {
                if character == "\n" { inLineComment = false }
            } else if let open = quote {
                if character == open { quote = nil }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if character == "-" && previous == "-" {
                inLineComment = true
            } else if character == "?" {
                number += 1
                result += "$\(number)"
                previous = character
                continue
            }
            result.append(character)
            previous = character
        }
        return result
    }
}
